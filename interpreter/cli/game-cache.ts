/**
 * Games kept between runs (`--cache DIR`): a game's record is a function of the rules, the plan
 * (seed, players, options, agents, what is recorded) and the game's number, so a run can take the
 * games an earlier run played and play only the rest. With search bots (minutes a game) that is
 * what makes "change a number, run again" quick: the base's games are kept, only the variant's are
 * played; a run of 200 extended to 400 plays 200; a run stopped by Ctrl-C goes on where it stopped.
 *
 * A record is kept under a key that hashes, besides the plan and the rules' hash, rulesmith's own
 * code (every module of the engine's sources, read once per process; a compiled lib/ says which
 * sources it was built from): any change to how games are played, even between releases, is
 * another key, so a kept game is never one the current code would not play. Not kept: runs that
 * write replays (those need the games played), tournaments (they measure time), and agents with a
 * time budget (`ms=`), whose games depend on the machine.
 *
 * One file per key, `<key>.jsonl`, a line per game appended as games end (several processes may
 * append to one file: a line is one write). A line that does not read back (a write cut short) is
 * skipped, and its game played again.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeBudgeted } from '../agents/index.ts';
import type { GameRecord } from '../analysis/summary.ts';
import type { Program } from '../runtime/index.ts';
import type { SimulationPlan } from './simulate-games.ts';
import type { GamePool } from './simulate-run.ts';
import { packageVersion } from './version.ts';

/** Format of the key and the lines; bump when either changes. 2: every kept line carries the comparison's facts. */
const FORMAT = 2;

let engineHash: string | undefined;

/**
 * The file of the compiled lib/ that holds the fingerprint of the sources it was built from
 * (bin/build-lib.mjs writes it), so that the CLI over lib/ and the sources run through tsx, which
 * are the same code, keep games under the same keys.
 */
export const FINGERPRINT_FILE = 'engine-fingerprint';

/** A hash of rulesmith's code: its version and its engine's modules (interpreter/ and grammar/). */
export function engineFingerprint(): string {
  if (engineHash !== undefined) return engineHash;
  // This module is interpreter/cli/game-cache.(ts|js): two folders up is where interpreter/ and grammar/ sit.
  const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
  return (engineHash = stampedFingerprint(root) ?? codeFingerprint(root));
}

/** What a build under `root` says it was built from; undefined where nothing says (the sources themselves). */
export function stampedFingerprint(root: string): string | undefined {
  try {
    const stamp = readFileSync(join(root, FINGERPRINT_FILE), 'utf8').trim();
    return /^[0-9a-f]{16}$/.test(stamp) ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** A hash of rulesmith's version and every module under `root`'s interpreter/ and grammar/. */
export function codeFingerprint(root: string): string {
  const base = resolve(root);
  const h = createHash('sha256').update(`rulesmith ${packageVersion()}\n`);
  for (const top of ['interpreter', 'grammar']) {
    for (const file of codeFiles(join(base, top))) h.update(`${file.slice(base.length)}\n`).update(readFileSync(file));
  }
  return h.digest('hex').slice(0, 16);
}

function codeFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|js|mjs|json)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Whether a plan's games can be kept: the same plan always plays the same games, and nothing but the record is wanted. */
export const keepable = (plan: SimulationPlan): boolean => !plan.replays && !plan.tournament && !plan.agents.some(timeBudgeted);

export class GameCache {
  /** `engine`: rulesmith's code fingerprint (tests give another to stand for changed code). */
  constructor(readonly dir: string, private readonly engine = engineFingerprint()) {}

  /** The key of a plan's games under these rules. */
  key(program: Program, plan: SimulationPlan): string {
    const identity = {
      // Not `facts`: kept games always carry them (playKept), so one key serves both kinds of run.
      format: FORMAT, engine: this.engine, rules: program.hash, seed: plan.seed, players: plan.players ?? null,
      options: plan.options, agents: plan.agents, invariants: plan.checkInvariants ?? false,
    };
    return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 24);
  }

  /** The games kept under a key, by number; a line that does not read back is left out. */
  load(key: string, seed: string): Map<number, GameRecord> {
    const kept = new Map<number, GameRecord>();
    let text: string;
    try {
      text = readFileSync(this.file(key), 'utf8');
    } catch {
      return kept;
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const { i, record } = JSON.parse(line) as { i: unknown; record: GameRecord };
        if (Number.isSafeInteger(i) && record && typeof record === 'object' && record.seed === `${seed}:${String(i)}`) kept.set(i as number, record);
      } catch {
        // A line cut short (a process stopped mid-write): that game is played again.
      }
    }
    return kept;
  }

  /** Keep games (each `[number, record]`), one line each. */
  keep(key: string, games: Array<[number, GameRecord]>): void {
    if (games.length === 0) return;
    mkdirSync(this.dir, { recursive: true });
    appendFileSync(this.file(key), games.map(([i, record]) => `${JSON.stringify({ i, record })}\n`).join(''));
  }

  private file(key: string): string {
    return join(this.dir, `${key}.jsonl`);
  }
}

/**
 * Games `first..last` of a plan, in order: the kept ones from the cache, the others played by the
 * pool (and kept as they come back, Ctrl-C included). Without a cache, or for a plan whose games
 * cannot be kept, the pool plays them all. `kept` counts the games taken from the cache.
 */
export async function playKept(pool: GamePool, cache: GameCache | undefined, program: Program, plan: SimulationPlan, [first, last]: [number, number], tick: (restored?: boolean) => void, kept?: { games: number }): Promise<GameRecord[] | { problems: string[] }> {
  if (!cache || !keepable(plan)) return pool.play(program, plan, [first, last], () => tick());
  const key = cache.key(program, plan);
  const have = cache.load(key, plan.seed);
  // Games are kept with the facts a comparison reads (each seat's side, the score margin: cheap to
  // note at the end of a game), so the games `simulate` or a variant check kept serve `diff
  // --simulate` and `simulate --compare` with the same seed and bots, and the other way round; a
  // run that asked for no facts gets its records without them, as it would have played them.
  const keeping: SimulationPlan = plan.facts ? plan : { ...plan, facts: true };
  const shown = (r: GameRecord): GameRecord => (plan.facts ? r : withoutFacts(r));
  const out = new Map<number, GameRecord>();
  for (let i = first; i <= last; i++) {
    const r = have.get(i);
    if (r) { out.set(i, shown(r)); if (kept) kept.games++; tick(true); }
  }
  // The games missing, in runs of consecutive numbers, each handed to the pool as one range.
  for (let i = first; i <= last && !pool.interrupted; i++) {
    if (out.has(i)) continue;
    let j = i;
    while (j < last && !out.has(j + 1)) j++;
    // Each game is kept as it ends, so a run stopped any way keeps every game it finished.
    const played = await pool.play<GameRecord>(program, keeping, [i, j], (n, r) => { cache.keep(key, [[n, r]]); out.set(n, shown(r)); tick(); });
    if ('problems' in played) return played;
    i = j;
  }
  return [...out.keys()].sort((a, b) => a - b).map((n) => out.get(n)!);
}

function withoutFacts(r: GameRecord): GameRecord {
  if (!('seats' in r) && !('margin' in r)) return r;
  const { seats: _seats, margin: _margin, ...rest } = r;
  return rest;
}

/** What a run with a cache says on stderr: the games taken from it and the games played (now kept there too), or why none are kept. */
export function cacheLine(command: string, plan: SimulationPlan, kept: number, played: number, dir: string): string {
  if (!keepable(plan)) return `rulesmith ${command}: --cache keeps no games of this run (${plan.replays ? 'it writes replays' : 'an agent has a time budget, ms='}); ${played} played\n`;
  return `rulesmith ${command}: ${kept} game${kept === 1 ? '' : 's'} taken from ${dir}, ${played} played and kept there\n`;
}
