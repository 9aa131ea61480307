import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { Game } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { programFor } from './load-program.ts';
import { REPLAY_FORMAT, type ReplayFile } from '../analysis/replay-file.ts';

export const REPLAY_USAGE = `Usage: rulesmith replay <replay.json>

Re-runs a recorded game and checks that every answer is still legal and the result is the same.
Exit 0 when it reproduces; 1 with the first divergence; 2 when the file cannot be read.`;

export function runReplay(argv: string[], io: Io): number {
  const [file] = argv;
  if (!file || file === '--help' || file === '-h') {
    io[file ? 'out' : 'err'](`${REPLAY_USAGE}\n`);
    return file ? 0 : 2;
  }
  let replay: ReplayFile;
  try {
    replay = JSON.parse(readFileSync(file, 'utf8')) as ReplayFile;
  } catch (e) {
    io.err(`rulesmith replay: cannot read '${file}': ${(e as Error).message}\n`);
    return 2;
  }
  if (replay?.format !== REPLAY_FORMAT || !Array.isArray(replay.decisions) || !replay.setup) {
    io.err(`rulesmith replay: '${file}' is not a rulesmith replay\n`);
    return 2;
  }
  // The ruleset path is as recorded (relative to where it was recorded); try it, then next to the file.
  const candidates = isAbsolute(replay.ruleset) ? [replay.ruleset] : [replay.ruleset, join(dirname(file), replay.ruleset)];
  const program = programFor(candidates.find((c) => existsSync(c)) ?? candidates[0]!, io);
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
