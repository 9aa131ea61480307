/**
 * `npx tsx test/bench/compare-kept.ts BASE.jsonl VARIANT.jsonl [--names RULESET]`: the comparison
 * `diff --simulate` prints, for two sets of games kept by `--cache` (a cache file, or one kept under
 * test/variants/evidence/), paired by game number: game i of each, as far as both go.
 *
 * Why: a long run of search-bot games is played over several sessions from a worktree frozen at one
 * commit (docs/bots.md), and a rule set's games and its variant's may have been kept by different
 * commands (`variants:check` and `simulate`) whose keys differ, so `diff --simulate` with the same
 * cache would play them all again. Both files must hold games of the same seed and bots, played by
 * the same engine; this script cannot check that (a key is a hash), so say which when quoting it.
 * Records of cache format 1 keep neither the margin nor the seats' sides: a record takes its
 * result's `margin` when it has one (as `analysis/margin.ts` would), and `--seats p1=red,p2=blue`
 * gives the sides of games whose seats always play the same ones (else the first seat's line reads
 * 0%). `--names` reads side names from a ruleset, for the printed labels; `--agents` names the bots.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { compareRecordSets } from '../../interpreter/analysis/compare.ts';
import { sideNames } from '../../interpreter/analysis/labels.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';

/** A kept file's games by number; lines that do not read back are left out, as the cache does. */
export function keptGames(text: string, seats?: Record<string, string>): Map<number, GameRecord> {
  const games = new Map<number, GameRecord>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const { i, record } = JSON.parse(line) as { i: number; record: GameRecord };
      if (!Number.isInteger(i) || !record || typeof record !== 'object') continue;
      const result = record.result as { margin?: unknown } | null;
      if (record.margin === undefined && typeof result?.margin === 'number') record.margin = result.margin;
      if (record.seats === undefined && seats) record.seats = seats;
      games.set(i, record);
    } catch {
      // A line cut short by a stopped run: its game is simply not counted.
    }
  }
  return games;
}

/** The games numbered in both, in order, and the seed their records name (`S` of `S:i`). */
export function pairKept(base: Map<number, GameRecord>, variant: Map<number, GameRecord>): { numbers: number[]; seed: string } {
  const numbers = [...base.keys()].filter((i) => variant.has(i)).sort((a, b) => a - b);
  const first = numbers.length ? base.get(numbers[0]!)!.seed : '';
  return { numbers, seed: first.replace(/:\d+$/, '') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { names: { type: 'string' }, agents: { type: 'string', default: 'normal' }, seats: { type: 'string' } } });
  if (positionals.length !== 2) {
    process.stderr.write('Usage: npx tsx test/bench/compare-kept.ts BASE.jsonl VARIANT.jsonl [--names RULESET] [--agents A] [--seats p1=SIDE,…]\n');
    process.exit(2);
  }
  const [basePath, variantPath] = positionals as [string, string];
  const seats = values.seats ? Object.fromEntries(values.seats.split(',').map((kv) => kv.split('=') as [string, string])) : undefined;
  const base = keptGames(readFileSync(basePath, 'utf8'), seats);
  const variant = keptGames(readFileSync(variantPath, 'utf8'), seats);
  const { numbers, seed } = pairKept(base, variant);
  const names = values.names ? sideNames(loadRuleset(values.names, nodeHost).model?.data ?? {}) : {};
  // The header reads `(<ruleset>, rules kept as <file>)`: the file's name is its cache key.
  const side = (games: Map<number, GameRecord>, path: string) => ({ records: numbers.map((i) => games.get(i)!), ruleset: values.names ?? 'kept games', hash: `kept as ${basename(path, '.jsonl')}` });
  const comparison = compareRecordSets(side(base, basePath), side(variant, variantPath), { seed, agents: [values.agents!] });
  process.stdout.write(`${base.size} games kept in ${basePath}, ${variant.size} in ${variantPath}: comparing the ${numbers.length} numbered in both.\n`);
  process.stdout.write(formatComparison(comparison, basePath, variantPath, undefined, names));
}
