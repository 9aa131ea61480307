/** Counting fuzz outcomes and printing them: what `npm run fuzz` reports. */
import type { Outcome } from './pipeline.ts';

export interface Seen {
  family: string;
  outcome: Outcome;
  ms: number;
  /** fast-check's path of the input under the run's seed: `--path` replays it. */
  path: string;
  change?: string;
}

export interface Tally {
  inputs: number;
  byFamily: Record<string, number>;
  byVerdict: Record<string, number>;
  crashes: Seen[];
  slowest?: Seen;
  overOneSecond: number;
  mutants: { total: number; unchanged: number; checkedClean: number; runtimeErrors: number; misses: Seen[]; runtimeCodes: Record<string, number> };
}

export function emptyTally(): Tally {
  return { inputs: 0, byFamily: {}, byVerdict: {}, crashes: [], overOneSecond: 0, mutants: { total: 0, unchanged: 0, checkedClean: 0, runtimeErrors: 0, misses: [], runtimeCodes: {} } };
}

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function record(tally: Tally, seen: Seen): void {
  const { outcome } = seen;
  tally.inputs++;
  bump(tally.byFamily, seen.family);
  bump(tally.byVerdict, outcome.verdict);
  if (outcome.verdict === 'crash') tally.crashes.push(seen);
  if (!tally.slowest || seen.ms > tally.slowest.ms) tally.slowest = seen;
  if (seen.ms > 1000) tally.overOneSecond++;
  if (seen.family !== 'mutant') return;
  const m = tally.mutants;
  m.total++;
  if (outcome.codes[0] === 'unchanged') m.unchanged++;
  if (['ended', 'playing', 'runtime-error', 'refused'].includes(outcome.verdict)) m.checkedClean++;
  if (outcome.verdict === 'runtime-error') {
    m.runtimeErrors++;
    bump(m.runtimeCodes, outcome.codes[0]!);
  }
  if (outcome.checkerMiss) m.misses.push(seen);
}

const pct = (n: number, of: number): string => (of ? `${((100 * n) / of).toFixed(2)}%` : '–');

export function printTally(tally: Tally, run: { seed: number; seconds: number; decisions: number; replay: string }): void {
  const v = tally.byVerdict;
  const out: string[] = [];
  out.push(`fuzz: seed ${run.seed}, ${tally.inputs} inputs in ${run.seconds.toFixed(1)} s (${Object.entries(tally.byFamily).map(([k, n]) => `${n} ${k}`).join(', ')}), ${run.decisions} random decisions per game`);
  out.push(`  results: ${(v.ended ?? 0) + (v.playing ?? 0) + (v.parsed ?? 0)} (games ended ${v.ended ?? 0}, still playing ${v.playing ?? 0}; texts parsed clean ${v.parsed ?? 0}), refused at setup ${v.refused ?? 0}`);
  out.push(`  diagnostics: ${v.diagnostics ?? 0}, runtime errors (positioned): ${v['runtime-error'] ?? 0}`);
  out.push(`  crashes: ${tally.crashes.length}`);
  for (const c of tally.crashes.slice(0, 20)) out.push(`    ${run.replay} --path ${c.path}: ${c.change ? `${c.change}: ` : ''}${c.outcome.crash}`);
  if (tally.slowest) out.push(`  slowest input: ${Math.round(tally.slowest.ms)} ms of CPU (${tally.slowest.family}, --path ${tally.slowest.path}${tally.slowest.change ? `, ${tally.slowest.change}` : ''}); over 1 s: ${tally.overOneSecond}`);
  const m = tally.mutants;
  if (m.total) {
    out.push(`  mutants: ${m.total} (${m.unchanged} left the file unchanged), checked clean ${m.checkedClean}, stopped with a runtime error ${m.runtimeErrors} (${Object.entries(m.runtimeCodes).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'})`);
    out.push(`  checks clean but stops at run time with an error the checker could have found: ${m.misses.length} of ${m.total} mutants (${pct(m.misses.length, m.total)}; goal ≤ 0.1%)`);
    for (const s of m.misses.slice(0, 30)) {
      const e = s.outcome.runtimeError!;
      out.push(`    --path ${s.path}: ${s.change} → ${e.code} at ${e.file}:${e.range.start.line}:${e.range.start.column}: ${e.message}`);
    }
  }
  console.log(out.join('\n'));
}
