import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createMemoryHost, isInside } from '../load/index.ts';
import { realPathOf } from './node-host.ts';
import { Game, upgradeSavedGame, type Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { programFor } from './load-program.ts';
import { replayPathOutside, replayProblem, type ReplayFile } from '../analysis/replay-file.ts';

export const REPLAY_USAGE = `Usage: rulesmith replay <replay.json> [--ruleset <path>]

Re-runs a recorded game and checks that every answer is still legal and the result is the same.
The rules come from the replay itself when it carries their files (the browser editor's replays
do), else from the ruleset path it names (as recorded, then next to the replay file).
--ruleset <path>  replay against these rules instead (your working copy, say).
Exit 0 when it reproduces; 1 with the first divergence; 2 when the file cannot be read.`;

export function runReplay(argv: string[], io: Io): number {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { ruleset: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
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
  if (replay.game) {
    // A saved game carries its state: it must be the state the answers replay to.
    const got = game.save({ log: false });
    const want = upgradeSavedGame(replay.game);
    if (JSON.stringify(got.state) !== JSON.stringify(want.state) || JSON.stringify(got.machine) !== JSON.stringify(want.machine)) {
      io.out(`diverged: after ${replay.decisions.length} decisions the game is not in the state the file saved\n`);
      return 1;
    }
    if (game.pending && replay.game.status === 'waiting') {
      io.out(`replay verified up to decision ${replay.decisions.length}: the game waits for ${game.pending.player}: "${game.pending.prompt}" (go on with: rulesmith play --load ${file})\n`);
      return 0;
    }
  }
  if (game.pending) {
    io.out(`diverged: the game still asks "${game.pending.prompt}" after all ${replay.decisions.length} recorded decisions\n`);
    return 1;
  }
  const got = JSON.stringify(game.result);
  if (got !== JSON.stringify(replay.result)) {
    io.out(`diverged: result ${got} instead of ${JSON.stringify(replay.result)}\n`);
    return 1;
  }
  io.out(`replay verified: ${replay.decisions.length} decisions, ${game.state.round} rounds, result ${got}\n`);
  return 0;
}

/** A replay file read and checked for shape; exit code 2 (said on `io`) when it is not one. */
export function readReplay(file: string, command: string, io: Io): ReplayFile | number {
  let replay: ReplayFile;
  try {
    replay = JSON.parse(readFileSync(file, 'utf8')) as ReplayFile;
  } catch (e) {
    io.err(`rulesmith ${command}: cannot read '${file}': ${(e as Error).message}\n`);
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
    return programFor(found ?? allowed[0]!, io);
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

/** Where the recorded ruleset may be read: relative to the working folder, then to the replay. */
function diskCandidates(recorded: string, replayPath: string): { allowed: string[]; refused: boolean } {
  const bases = [process.cwd(), resolve(dirname(replayPath))];
  const allowed: string[] = [];
  let refused = false;
  for (const base of bases) {
    const candidate = isAbsolute(recorded) ? recorded : join(base, recorded);
    if (isInside(realPathOf(base), realPathOf(candidate))) allowed.push(isAbsolute(recorded) || base !== bases[0] ? candidate : recorded);
    else refused = true;
  }
  return { allowed: [...new Set(allowed)], refused };
}

function outside(file: string, what: string, io: Io): number {
  io.err(`${file}: error include-outside-root: the replay ${what}, outside the folder it may read from; nothing was read there.\n`);
  io.err('  hint: replay against rules you choose with --ruleset <path>, or keep the replay\'s ruleset inside the working folder or the replay\'s folder.\n');
  return 1;
}
