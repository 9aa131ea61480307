/**
 * Load + schema + check of each shipped ruleset against `yaml.parse` of the very files the loader
 * read (its includes and variants, found by recording the host's reads): what the checker adds
 * on top of reading YAML at all.
 */
import { parse as parseYaml } from 'yaml';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset, type FileHost } from '../../interpreter/load/index.ts';
import { alternate, ratios, spread, type Participant, type Spread } from './timing.ts';

/** Issue 15: load + check at most twice `yaml.parse` of the same files. */
export const LOAD_GOAL = 2;
/** Each block loads (or parses) the ruleset this many times, to give it a measurable length. */
export const REPEAT = 3;

export interface LoadCost {
  ruleset: string;
  files: number;
  /** CPU ms of one load + check, and of `yaml.parse` of its files (medians over the rounds). */
  loadMs: number;
  yamlMs: number;
  ratio: Spread;
  met: boolean;
  /** Per round, for the totals over all rulesets. */
  perRound: { load: number[]; yaml: number[] };
}

/** The files `loadRuleset` reads for `dir`, found by recording the host's reads. */
export function filesRead(dir: string): string[] {
  const read = new Set<string>();
  const host: FileHost = { ...nodeHost, readFile: (path) => { const text = nodeHost.readFile(path); if (text !== undefined) read.add(path); return text; } };
  loadRuleset(dir, host);
  return [...read];
}

const decoder = new TextDecoder();
/** Read and decode as the loader does, then `yaml.parse`. */
const parseFile = (path: string): unknown => {
  const bytes = nodeHost.readFile(path)!;
  return parseYaml(typeof bytes === 'string' ? bytes : decoder.decode(bytes));
};

/** One block of the `yaml.parse` side: REPEAT times every file. */
export const parseFiles = (files: string[]): void => {
  for (let k = 0; k < REPEAT; k++) for (const f of files) parseFile(f);
};

const load = (dir: string): void => {
  const l = loadRuleset(dir, nodeHost);
  if (l.model) checkRuleset(l.model);
};

export function loadCosts(rulesets: string[], rounds: number): LoadCost[] {
  const files = rulesets.map(filesRead);
  const ps: Participant[] = rulesets.flatMap((dir, i) => [
    { name: `yaml ${dir}`, block: () => parseFiles(files[i]!) },
    { name: `load ${dir}`, block: () => { for (let k = 0; k < REPEAT; k++) load(dir); } },
  ]);
  const ms = alternate(ps, rounds);
  return rulesets.map((dir, i) => {
    const yaml = ms[2 * i]!.map((x) => x / REPEAT);
    const loaded = ms[2 * i + 1]!.map((x) => x / REPEAT);
    const ratio = spread(ratios(loaded, yaml));
    return { ruleset: dir, files: files[i]!.length, loadMs: spread(loaded).median, yamlMs: spread(yaml).median, ratio, met: ratio.median <= LOAD_GOAL, perRound: { load: loaded, yaml } };
  });
}
