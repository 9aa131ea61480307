/** How a simulation's games are cut into batches for the workers (main thread; no interpreter). */

/**
 * Most games in a batch. Records come back game by game anyway, so a batch costs one message;
 * small batches keep a variant and its base close in games played (the queue alternates them).
 */
export const MAX_BATCH = 20;

/** Batches small enough to keep every worker busy to the end (about eight per worker, at most MAX_BATCH games). */
export function split(games: number, workers: number): Array<{ from: number; to: number }> {
  const size = Math.max(1, Math.min(MAX_BATCH, Math.ceil(games / (workers * 8))));
  const out: Array<{ from: number; to: number }> = [];
  for (let from = 1; from <= games; from += size) out.push({ from, to: Math.min(games, from + size - 1) });
  return out;
}

/** A batch of games of one run (its index among the simulation's rulesets). */
export interface Batch {
  run: number;
  from: number;
  to: number;
}

/**
 * The batches of `runs` rulesets of `games` games each still to play, given the games already
 * known (`have(run, n)`, none by default): per run, the stretches of missing games cut as `split`
 * cuts a whole run, taken in turns (variant 1–13, base 1–13, variant 14–26, …), so that however far
 * a simulation has got, its runs have played about as many games, the same seeds, and a
 * comparison of them reads the same games.
 */
export function queue(games: number, runs: number, workers: number, have: (run: number, n: number) => boolean = () => false): Batch[] {
  const size = split(games, workers)[0]?.to ?? 1;
  const perRun = Array.from({ length: runs }, (_, run) => {
    const out: Batch[] = [];
    let from = 0;
    for (let n = 1; n <= games + 1; n++) {
      const missing = n <= games && !have(run, n);
      if (missing && from === 0) from = n;
      // A batch ends at a known game, at the end, or when it is full.
      if (from > 0 && (!missing || n - from === size)) {
        out.push({ run, from, to: n - 1 });
        from = missing ? n : 0;
      }
    }
    return out;
  });
  const turns = Math.max(0, ...perRun.map((b) => b.length));
  return Array.from({ length: turns }, (_, k) => perRun.flatMap((b) => (b[k] ? [b[k]] : []))).flat();
}
