/**
 * Variant minus base: for each result, the difference of its share of games between a variant's
 * simulation and its base's, with a 95% interval. Game i of both runs is the same seed, so the
 * games are paired (Newcombe's score interval for paired proportions: narrower than two
 * independent samples' when a seed tends to give the same result under both rules); it stays
 * inside [-1, 1] and behaves at shares of 0 or 1 where the plain Wald interval collapses. The
 * arithmetic is the CLI's (interpreter/analysis/intervals.ts); this file lines up the results.
 */
import { pairedShares } from '../../interpreter/analysis/intervals.ts';
import { outcomeOf, winnerOf, type GameRecord } from '../../interpreter/analysis/summary.ts';
import { winnersVerdict, type Verdict } from '../../interpreter/analysis/verdict.ts';
import { compareRecordSets, type Comparison as RunComparison } from '../../interpreter/analysis/compare.ts';

/** One result's share in both runs and the change. */
export interface ShareDifference {
  label: string;
  variant: { count: number; games: number; share: number };
  base: { count: number; games: number; share: number };
  /** Variant share minus base share. */
  difference: number;
  /** 95% interval of the difference. */
  ci95: [number, number];
}

/**
 * Variant minus base over the games both runs have finished (the same game numbers, so the same
 * seeds), by winner or by winner and level, paired seed by seed. `order` lists labels to come
 * first (the runs' own charts' order); a result missing from one run counts 0 there.
 */
export function compareRecords(variant: ReadonlyArray<GameRecord | undefined>, base: ReadonlyArray<GameRecord | undefined>, by: 'winner' | 'outcome', order: readonly string[] = []): Comparison {
  const label = (r: GameRecord) => (by === 'winner' ? winnerOf(r.result) : outcomeOf(r.result));
  const finished = bothFinished(variant, base);
  // A game stopped on a runtime error has no winner: its pair leaves the figures, as in the CLI
  // (interpreter/analysis/compare.ts), or a variant that always stops reads as a change of who wins.
  const kept = finished.base.map((b, i) => b.status === 'ended' && finished.variant[i]!.status === 'ended');
  const both = { base: finished.base.filter((_, i) => kept[i]), variant: finished.variant.filter((_, i) => kept[i]) };
  const stopped = kept.filter((k) => !k).length;
  const xs = both.base.map(label);
  const ys = both.variant.map(label);
  const n = xs.length;
  const differ = xs.filter((x, i) => x !== ys[i]).length;
  const changes = new Map(pairedShares(xs, ys).map((d) => [d.label, d]));
  const labels = [...new Set([...order.filter((l) => changes.has(l)), ...changes.keys()])];
  const rows = labels.map((l): ShareDifference => {
    const d = changes.get(l)!;
    return {
      label: l,
      variant: { count: d.y, games: n, share: n ? d.y / n : 0 },
      base: { count: d.x, games: n, share: n ? d.x / n : 0 },
      difference: d.diff,
      ci95: [Math.max(-1, d.ci95[0]), Math.min(1, d.ci95[1])],
    };
  });
  return { games: n, differ, rows, stopped };
}

/** Variant minus base over paired games. */
export interface Comparison {
  /** Pairs compared: both games ended. */
  games: number;
  /** Pairs left out: a game of the pair stopped on a runtime error. */
  stopped: number;
  /** Games (seeds) whose result differs between the two runs. */
  differ: number;
  rows: ShareDifference[];
}

/** Who wins, in one sentence (the CLI's and the report's words: interpreter/analysis/verdict.ts). */
export function comparisonVerdict(c: Comparison, name: (label: string) => string, identical = false): Verdict | undefined {
  // Fewer than two pairs whose games both ended say nothing (as the CLI: MIN_COMPARED).
  if (c.stopped > 0 && c.games < 2) return undefined;
  return winnersVerdict(c.games, c.differ, c.rows.map((r) => ({ label: r.label, diff: r.difference, ci95: r.ci95 })), name, identical);
}

/**
 * Game length, score margin and the first seat's wins, variant minus base, over the games both
 * runs have finished: the CLI's comparison (`compareRecordSets`, paired by seed), from records
 * that carry seats and margins (`SimulationPlan.facts`). Undefined before both have a game.
 */
export function compareFacts(variant: ReadonlyArray<GameRecord | undefined>, base: ReadonlyArray<GameRecord | undefined>): RunComparison | undefined {
  const both = bothFinished(variant, base);
  if (both.variant.length === 0) return undefined;
  return compareRecordSets({ records: both.base, ruleset: 'base', hash: '' }, { records: both.variant, ruleset: 'variant', hash: '' }, { seed: '', agents: [] });
}

/**
 * The games both runs have finished, in game order, paired: records are kept by game number
 * (holes are games still being played), and game i of both is the same seed.
 */
export function bothFinished(variant: ReadonlyArray<GameRecord | undefined>, base: ReadonlyArray<GameRecord | undefined>): { variant: GameRecord[]; base: GameRecord[] } {
  const out = { variant: [] as GameRecord[], base: [] as GameRecord[] };
  for (let i = 0; i < Math.min(variant.length, base.length); i++) {
    const v = variant[i];
    const b = base[i];
    if (v === undefined || b === undefined) continue;
    out.variant.push(v);
    out.base.push(b);
  }
  return out;
}
