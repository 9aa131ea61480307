/**
 * CPU-time measurement shared by the bench's sections: blocks of work timed in alternation, so the
 * machine's drift falls on every participant alike (see bench.ts for the method).
 */
export const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export interface Participant {
  name: string;
  /** One block of work for round `round` (warm-up rounds are numbered past the last). */
  block: (round: number) => void;
}

export const WARM_UP_ROUNDS = 2;

/** CPU milliseconds of each participant's block in each round, participants alternating A B … B A. */
export function alternate(ps: Participant[], rounds: number): number[][] {
  // Whole warm-up rounds, so the optimised code has already seen every participant's shapes.
  for (let w = 0; w < WARM_UP_ROUNDS; w++) for (const p of ps) p.block(rounds + w);
  const ms = ps.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < ps.length; k++) {
      const i = r % 2 === 0 ? k : ps.length - 1 - k;
      // No forced GC between blocks: a full `gc()` shrinks V8's young generation, and when tried
      // it slowed every later block by half, far more than one block's garbage costs the next.
      const t = cpuMs();
      ps[i]!.block(r);
      ms[i]!.push(cpuMs() - t);
    }
  }
  return ms;
}

export interface Spread { median: number; min: number; max: number }
export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s[s.length - 1]! };
}
/** Per-round ratios a[r] / b[r]. */
export const ratios = (a: number[], b: number[]): number[] => a.map((x, r) => x / b[r]!);

export const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2));
export const fmtSpread = (s: Spread, unit = ''): string => `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)})`;
