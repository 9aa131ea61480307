import type { Program } from '../runtime/program.ts';
import type { InvariantViolation } from '../runtime/invariants.ts';
import { wilson } from './intervals.ts';

export { wilson } from './intervals.ts';

export interface GameRecord {
  seed: string;
  status: 'waiting' | 'ended' | 'error';
  result: unknown;
  rounds: number;
  decisions: number;
  error: { code: string; message: string; file?: string; range?: { start: { line: number; column: number } } } | null;
  /** Which side each seat played (`p1 → red`); for the first-seat advantage in comparisons. */
  seats?: Record<string, string | null>;
  /** The score margin at the end (see analysis/margin.ts), null when the ruleset gives none. */
  margin?: number | null;
  /** With invariants checked: the game's first violation (decision 0 is after setup), else null. */
  invariant?: (InvariantViolation & { decision: number }) | null;
}

/** What `--check-invariants` found: the first violation of each game, counted per invariant. */
export interface InvariantSummary {
  /** Games checked (records that carry a check). */
  checked: number;
  /** Games with a violation. */
  violations: number;
  /** Games per invariant id (an invariant that failed first in them). */
  byInvariant: Record<string, number>;
  /** The first games' violations, in game order (up to 20). */
  first: Array<{ seed: string; decision: number; invariant: string; code: string; message: string; at?: string }>;
}

export interface Share {
  label: string;
  count: number;
  /** Fraction of all games, 0..1. */
  share: number;
  /** Wilson score 95% interval of the share. */
  ci95: [number, number];
}

export interface Stats {
  mean: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

export interface SimulationSummary {
  ruleset: string;
  hash: string;
  games: number;
  ended: number;
  /** Winners (the result's `winner`), then full outcomes (winner and level, or the whole result). */
  winners: Share[];
  outcomes: Share[];
  rounds: Stats;
  decisions: Stats;
  errors: { count: number; first: Array<{ seed: string; code: string; message: string; at?: string }> };
  /** Present when invariants were checked. */
  invariants?: InvariantSummary;
}

/** Summarise simulated games; deterministic for the same records (stable ordering of labels). */
export function summarise(records: GameRecord[], program: Program): SimulationSummary {
  return summariseRecords(records, rulesetName(program), program.hash);
}

/** The name a summary gives a rule set: its `id`, or its entry file. */
export const rulesetName = (program: Program): string => String(program.data.id ?? program.model.entry);

/** The same summary from the records alone (`rulesmith merge` has shards' records, not the rules). */
export function summariseRecords(records: GameRecord[], ruleset: string, hash: string): SimulationSummary {
  const ended = records.filter((r) => r.status === 'ended');
  const errors = records.filter((r) => r.status !== 'ended');
  return {
    ruleset,
    hash,
    games: records.length,
    ended: ended.length,
    winners: shares(ended.map((r) => winnerOf(r.result)), records.length),
    outcomes: shares(ended.map((r) => outcomeOf(r.result)), records.length),
    rounds: stats(ended.map((r) => r.rounds)),
    decisions: stats(ended.map((r) => r.decisions)),
    errors: {
      count: errors.length,
      first: errors.slice(0, 5).map((r) => ({
        seed: r.seed, code: r.error?.code ?? 'unfinished', message: r.error?.message ?? 'the game did not finish',
        ...(r.error?.file ? { at: `${r.error.file}:${r.error.range?.start.line}:${r.error.range?.start.column}` } : {}),
      })),
    },
    ...(records.some((r) => r.invariant !== undefined) ? { invariants: invariantSummary(records) } : {}),
  };
}

function invariantSummary(records: GameRecord[]): InvariantSummary {
  const checked = records.filter((r) => r.invariant !== undefined);
  const broken = checked.flatMap((r) => (r.invariant ? [{ seed: r.seed, v: r.invariant }] : []));
  const byInvariant: Record<string, number> = {};
  for (const { v } of broken) byInvariant[v.invariant] = (byInvariant[v.invariant] ?? 0) + 1;
  return {
    checked: checked.length,
    violations: broken.length,
    byInvariant,
    first: broken.slice(0, 20).map(({ seed, v }) => ({
      seed, decision: v.decision, invariant: v.invariant, code: v.code, message: v.message,
      ...(v.file ? { at: `${v.file}:${v.line}:${v.column}` } : {}),
    })),
  };
}

export function winnerOf(result: unknown): string {
  if (result && typeof result === 'object' && 'winner' in result) {
    const w = (result as { winner: unknown }).winner;
    return Array.isArray(w) ? `tie: ${w.join(', ')}` : String(w ?? 'none');
  }
  return JSON.stringify(result);
}

/** A result as one label: `winner — level`, or the winner, or the whole result. */
export function outcomeOf(result: unknown): string {
  if (result && typeof result === 'object' && 'winner' in result && 'level' in result) {
    return `${winnerOf(result)} — ${String((result as { level: unknown }).level)}`;
  }
  return winnerOf(result);
}

/** How often each label occurs among `total`, most frequent first, with a 95% (Wilson) interval. */
export function shares(labels: string[], total: number): Share[] {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([label, count]) => ({ label, count, share: count / total, ci95: wilson(count, total) }));
}


function stats(values: number[]): Stats {
  if (values.length === 0) return { mean: 0, median: 0, p95: 0, min: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
