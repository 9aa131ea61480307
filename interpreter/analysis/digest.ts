/**
 * A digest of where a game stands: its whole state (every answer given, the dice generator, the
 * pieces, the log's secrets excluded) and its frame stack. A replay records it, so changing any
 * answer fails verification even when the winner stays the same. FNV-1a (compile/hash.ts) runs
 * identically in Node and the browser; it detects edits and divergence, it is not a signature.
 */
import { hashData } from '../compile/hash.ts';
import type { Game } from '../runtime/index.ts';

export function gameDigest(game: Game): string {
  const saved = game.save({ log: false });
  return hashData({ state: saved.state, machine: saved.machine });
}
