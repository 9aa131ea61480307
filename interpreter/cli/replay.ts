import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseCli } from './args.ts';
import { createMemoryHost, isInside } from '../load/index.ts';
import { realPathOf } from './node-host.ts';
import { Game, upgradeSavedGame, type Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { programFor } from './load-program.ts';
import { gameDigest } from '../analysis/digest.ts';
import { replayPathOutside, replayProblem, type ReplayFile } from '../analysis/replay-file.ts';

export const REPLAY_USAGE = `Usage: rulesmith replay <replay.json> [--ruleset <path>]

Re-runs a recorded game and checks that every answer is still legal and the result is the same.
The rules come from the replay itself when it carries their files (the browser editor's replays
do), else from the ruleset path it names (relative to the replay's folder, else to the working
folder). Every answer and the state they lead to are checked against the digest the file records,
so an edited answer does not verify even when the winner stays the same; an unfinished game
verifies up to its last answer.
--ruleset <path>  replay against these rules instead (your working copy, say).
Exit 0 when it reproduces; 1 with the first divergence; 2 when the file cannot be read.`;

export function runReplay(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { ruleset: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith replay: ${(e as Error).message}\n\n${REPLAY_USAGE}\n`);
    return 2;
  }
  if (args.values.help) {
    io.out(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const [file] = args.positionals;
  if (!file) {
    io.err(`${REPLAY_USAGE}\n`);
    return 2;
  }
  const replay = readReplay(file, 'replay', io);
  if (typeof replay === 'number') return replay;
  const program = rulesFor(replay, file, args.values.ruleset, io);
  if (typeof program === 'number') return program;
  if (program.hash !== replay.hash) {
    io.out(`diverged: the rules changed since the game was recorded (hash ${replay.hash} → ${program.hash})\n`);
    return 1;
  }
  const game = Game.start(program, replay.setup, { log: 'none' });
  if (!(game instanceof Game)) {
    io.out(`diverged: setup refused: ${game.problems.map((p) => p.message).join('; ')}\n`);
    return 1;
  }
  for (let i = 0; i < replay.decisions.length; i++) {
    if (!game.pending) {
      io.out(`diverged at decision ${i + 1}: the game ${game.status === 'ended' ? 'had already ended' : `stopped (${game.error?.code ?? game.status})`}\n`);
      return 1;
    }
    const r = game.answer(replay.decisions[i]);
    if (!r.ok) {
      io.out(`diverged at decision ${i + 1} ("${game.pending.prompt}"): ${r.code}: ${r.message}\n`);
      return 1;
    }
  }
  // The digest covers every answer and the state they lead to: an edited answer fails here even
  // when the game would end with the same winner.
  const digest = gameDigest(game);
  if (replay.digest !== undefined && digest !== replay.digest) {
    io.out(`diverged: after ${replay.decisions.length} decisions the game is not the one recorded (digest ${digest}, recorded ${replay.digest}): an answer, the setup or the result was changed, or the interpreter plays these rules differently\n`);
    return 1;
  }
  if (replay.game) {
    // A saved game carries its state: it must be the state the answers replay to.
    const got = game.save({ log: false });
    const want = upgradeSavedGame(replay.game);
    if (JSON.stringify(got.state) !== JSON.stringify(want.state) || JSON.stringify(got.machine) !== JSON.stringify(want.machine)) {
      io.out(`diverged: after ${replay.decisions.length} decisions the game is not in the state the file saved\n`);
      return 1;
    }
  }
  const got = JSON.stringify(game.result);
  if (game.pending && (replay.result === null || replay.result === undefined) && (replay.game ? replay.game.status === 'waiting' : true)) {
    // An unfinished game (saved to go on with later, or stopped by a bot's limit): verified so far.
    const goOn = replay.game ? ` (go on with: rulesmith play --load ${file})` : '';
    io.out(`replay verified up to decision ${replay.decisions.length}: the game waits for ${game.pending.player}: "${game.pending.prompt}"${goOn}${unchecked(replay)}\n`);
    return 0;
  }
  if (game.pending) {
    io.out(`diverged: the game still asks "${game.pending.prompt}" after all ${replay.decisions.length} recorded decisions, but the file records the result ${JSON.stringify(replay.result)}\n`);
    return 1;
  }
  if (got !== JSON.stringify(replay.result)) {
    io.out(`diverged: result ${got} instead of ${JSON.stringify(replay.result)}\n`);
    return 1;
  }
  io.out(`replay verified: ${replay.decisions.length} decisions, ${game.state.round} rounds, result ${got}${unchecked(replay)}\n`);
  return 0;
}

/** Said of a replay written before digests: only its answers' legality and its result were checked. */
function unchecked(replay: ReplayFile): string {
  return replay.digest === undefined ? ' (the file records no digest: only the answers and the result were checked)' : '';
}

/**
 * The ruleset path a replay written to `replayPath` records: relative to the replay's folder
 * (with `/`), so `rulesmith replay` finds it from any working folder.
 */
export function recordedRulesetPath(rulesetPath: string, replayPath: string): string {
  const rel = relative(dirname(resolve(replayPath)), resolve(rulesetPath)).split(sep).join('/');
  return rel === '' ? '.' : rel;
}

/**
 * The rules' files for a saved game to carry, keyed relative to the folder above the ruleset's
 * (no absolute or `../` keys, so `replay` accepts them), with the ruleset's path among those keys:
 * the game then verifies and resumes from any folder, with nothing but the file.
 */
export function carriedRules(program: Program, rulesetPath: string): { ruleset: string; files: Record<string, string> } {
  const entry = resolve(rulesetPath);
  const sources = [...program.model.files].map(([path, source]) => [resolve(path), source.text] as const);
  const common = [entry, ...sources.map(([path]) => dirname(path))].reduce(commonFolder);
  // Named as from the working folder when they lie in it (`rulesets/<game>`, as the editor names
  // them), else from the folder above them all (keeping the ruleset's own folder in the name).
  const cwd = process.cwd();
  const base = common !== cwd && commonFolder(common, cwd) === cwd ? cwd : common === entry ? dirname(common) : common;
  const key = (path: string) => relative(base, path).split(sep).join('/');
  return { ruleset: key(entry), files: Object.fromEntries(sources.map(([path, text]) => [key(path), text])) };
}

function commonFolder(a: string, b: string): string {
  let folder = a;
  while (folder !== b && !b.startsWith(folder.endsWith(sep) ? folder : folder + sep) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

/** A replay file read and checked for shape; exit code 2 (said on `io`) when it is not one. */
export function readReplay(file: string, command: string, io: Io): ReplayFile | number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(`rulesmith ${command}: ${code === 'ENOENT' ? `cannot find '${file}'` : code === 'EISDIR' ? `'${file}' is a folder, not a replay file` : `cannot read '${file}': ${(e as Error).message}`}\n`);
    return 2;
  }
  let replay: ReplayFile;
  try {
    replay = JSON.parse(text) as ReplayFile;
  } catch (e) {
    // JSON.parse says where (position, and a snippet of the text on one line).
    io.err(`rulesmith ${command}: '${file}' is not JSON (${(e as Error).message.replace(/\s+/g, ' ')}); a replay is what 'rulesmith simulate --replays' or 'rulesmith play --save' writes\n`);
    return 2;
  }
  const problem = replayProblem(replay);
  if (problem) {
    io.err(`rulesmith ${command}: '${file}' is ${problem}\n`);
    return 2;
  }
  return replay;
}

/**
 * The rules to replay with: `--ruleset`, else the files the replay carries, else the recorded path
 * on disk. With carried files, says whether the disk's copy of the ruleset differs.
 *
 * A replay is shared data like a ruleset, so it gets the same rule: nothing it names is read from
 * outside the folder it is looked up in (the working folder or the replay's own), and the files it
 * carries keep relative paths inside their ruleset's folder.
 */
export function rulesFor(replay: ReplayFile, file: string, override: string | undefined, io: Io): Program | number {
  if (override !== undefined) return programFor(override, io);
  const { allowed, refused } = diskCandidates(replay.ruleset, file);
  const found = allowed.find((c) => existsSync(c));
  if (!replay.files) {
    if (refused && !found) return outside(file, `names its ruleset at '${replay.ruleset}'`, io);
    if (!found) {
      io.err(`rulesmith replay: cannot find the ruleset '${replay.ruleset}' the replay names (looked beside the replay and in the working folder); give it with --ruleset <path>\n`);
      return 2;
    }
    return programFor(found, io);
  }
  const stray = replayPathOutside(replay);
  if (stray !== undefined) return outside(file, `carries a file at '${stray}'`, io);
  const program = programFor(replay.ruleset, io, createMemoryHost(replay.files));
  if (typeof program === 'number' || !found) return program;
  const disk = programFor(found, { ...io, out: () => {}, err: () => {} });
  const same = typeof disk !== 'number' && disk.hash === program.hash;
  io.out(`rules: the ${Object.keys(replay.files).length} file(s) carried in the replay; ${found} on disk ${same ? 'has the same rules' : 'differs (replay against it with --ruleset)'}\n`);
  return program;
}

/** The recorded ruleset's path on disk, where a replay may read it (see diskCandidates), or undefined. */
export function rulesetOnDisk(replay: ReplayFile, file: string): string | undefined {
  return diskCandidates(replay.ruleset, file).allowed.find((c) => existsSync(c));
}

/**
 * Where the recorded ruleset may be read: relative to the replay's folder (how replays are
 * written), then to the working folder (older replays). A candidate is allowed when it lies inside
 * either folder, symbolic links followed.
 */
function diskCandidates(recorded: string, replayPath: string): { allowed: string[]; refused: boolean } {
  const cwd = process.cwd();
  const replayDir = resolve(dirname(replayPath));
  const roots = [realPathOf(cwd), realPathOf(replayDir)];
  const allowed: string[] = [];
  let refused = false;
  for (const base of [replayDir, cwd]) {
    const candidate = isAbsolute(recorded) ? recorded : join(base, recorded);
    if (roots.some((root) => isInside(root, realPathOf(candidate)))) allowed.push(base === cwd && !isAbsolute(recorded) ? recorded : candidate);
    else refused = true;
  }
  return { allowed: [...new Set(allowed)], refused };
}

function outside(file: string, what: string, io: Io): number {
  io.err(`${file}: error include-outside-root: the replay ${what}, outside the folder it may read from; nothing was read there.\n`);
  io.err('  hint: replay against rules you choose with --ruleset <path>, or keep the replay\'s ruleset inside the working folder or the replay\'s folder.\n');
  return 1;
}
