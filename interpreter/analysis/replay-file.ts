import type { Program, SavedGame } from '../runtime/index.ts';
import type { GameSetup } from '../runtime/init.ts';

export const REPLAY_FORMAT = 'rulesmith-replay';

/**
 * A recorded game: which rules (path and hash), the setup (seed, players, options), every answer
 * in order and a digest of where they lead. With deterministic rules that is the whole game.
 * `ruleset` is a path relative to the replay file's folder when written by the command line (so
 * the replay works from any working folder), or the path its carried `files` use.
 */
export interface ReplayFile {
  format: typeof REPLAY_FORMAT;
  version: 1;
  ruleset: string;
  hash: string;
  setup: GameSetup;
  decisions: unknown[];
  result: unknown;
  /**
   * The text of every file the rules were loaded from, by the path it was read at (`ruleset` is
   * among them, or is their folder). Written when the rules may exist nowhere else, such as a
   * variant edited in the browser; `rulesmith replay` then needs nothing but the replay file.
   */
  files?: Record<string, string>;
  /**
   * Digest of the game where the answers left it (`gameDigest`: state and frame stack, every answer
   * included). `replay` recomputes it, so an edited answer, setup or result does not verify.
   * Replays written before it existed verify on the result alone.
   */
  digest?: string;
  /**
   * The game itself at the moment it was saved (state, frames, pending question), written by
   * `rulesmith play --save` and the editor: `play --load` resumes from it without replaying.
   * `replay` checks it against the game the answers replay to.
   */
  game?: SavedGame;
}

export interface ReplayOptions {
  /** Put the rules' files in the replay (see `ReplayFile.files`). */
  embed?: boolean;
  /** The game as saved (see `ReplayFile.game`). */
  game?: SavedGame;
  /** `gameDigest` of the game as the answers left it (see `ReplayFile.digest`). */
  digest?: string;
}

export function replayFile(path: string, program: Program, setup: GameSetup, decisions: readonly unknown[], result: unknown, options: ReplayOptions = {}): ReplayFile {
  const replay: ReplayFile = { format: REPLAY_FORMAT, version: 1, ruleset: path, hash: program.hash, setup, decisions: [...decisions], result };
  if (options.digest !== undefined) replay.digest = options.digest;
  if (options.game) replay.game = options.game;
  if (options.embed) replay.files = Object.fromEntries([...program.model.files].map(([file, source]) => [file, source.text]));
  return replay;
}

/** Why `data` is not a replay file, or undefined when it is one. */
export function replayProblem(data: unknown): string | undefined {
  const r = data as Partial<ReplayFile> | null;
  if (!r || typeof r !== 'object' || r.format !== REPLAY_FORMAT || r.version !== 1) return `not a rulesmith replay (format "${REPLAY_FORMAT}", version 1)`;
  if (!r.setup || typeof r.setup !== 'object' || !Array.isArray(r.decisions)) return 'the replay has no setup or decisions';
  const seed = (r.setup as { seed?: unknown }).seed;
  if (typeof seed !== 'string' && typeof seed !== 'number') return 'the replay setup has no seed';
  if (typeof r.ruleset !== 'string') return 'the replay does not say which ruleset it was played with';
  if (r.digest !== undefined && typeof r.digest !== 'string') return 'the replay\'s `digest` must be a text';
  if (r.game !== undefined && (typeof r.game !== 'object' || r.game === null)) return 'the replay\'s `game` must be a saved game';
  if (r.files !== undefined && (typeof r.files !== 'object' || r.files === null || Object.values(r.files).some((t) => typeof t !== 'string'))) return 'the replay\'s `files` must map paths to texts';
  return undefined;
}

/**
 * A path a replay carries that would leave its ruleset's folder (absolute, or climbing out with
 * `..`), or undefined. Replays are shared like rulesets, so the loader's root rule applies to
 * them before any of their files is loaded.
 */
export function replayPathOutside(replay: Pick<ReplayFile, 'ruleset' | 'files'>): string | undefined {
  if (!replay.files) return undefined;
  return [replay.ruleset, ...Object.keys(replay.files)].find(escapes);
}

function escapes(path: string): boolean {
  const parts: string[] = [];
  const plain = path.replace(/\\/g, '/');
  if (plain.startsWith('/') || /^[A-Za-z]:/.test(plain)) return true;
  for (const part of plain.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return true;
      parts.pop();
    } else if (part !== '' && part !== '.') parts.push(part);
  }
  return false;
}
