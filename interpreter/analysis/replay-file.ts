import type { Program } from '../runtime/index.ts';
import type { GameSetup } from '../runtime/init.ts';

export const REPLAY_FORMAT = 'rulesmith-replay';

/**
 * A recorded game: which rules (path and hash), the setup (seed, players, options) and every
 * answer in order. With deterministic rules that is the whole game.
 */
export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  version: 1;
  ruleset: string;
  hash: string;
  setup: GameSetup;
  decisions: unknown[];
  result: unknown;
}

export function replayFile(path: string, program: Program, setup: GameSetup, decisions: unknown[], result: unknown): ReplayFile {
  return { format: REPLAY_FORMAT, version: 1, ruleset: path, hash: program.hash, setup, decisions: [...decisions], result };
}
