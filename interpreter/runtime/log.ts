import type { LineSecret } from './secrets.ts';
import type { MarkedText } from './values.ts';

/**
 * One line of a game's log, with where it came from (script position and rulebook section). A line
 * that tells about pieces hidden or cards face down when it was written keeps its parts and what
 * was hidden (`parts`, `secret`): `text` is the referee's full text, and `game.view(seat)` renders
 * each seat its own text and data from them (views.ts). Lines in a seat's view carry neither.
 */
export interface LogEntry {
  /** Sequence number from 0. */
  n: number;
  round: number;
  phase: string | null;
  kind: 'log' | 'roll' | 'table' | 'draw' | 'decision' | 'change' | 'move' | 'phase' | 'end' | 'error';
  text: string;
  /** Machine-readable details (dice values, table cell, decision answer…). */
  data?: unknown;
  /** Script position: file, 1-based line and column. */
  at?: { file: string; line: number; column: number };
  /** The rulebook section of the element whose script wrote it. */
  source?: string;
  /** Only this player may see it (secret choices). */
  visibleTo?: string;
  /** The text as parts (entity references and values with what they read), when some were secret when written. */
  parts?: MarkedText;
  /** What was hidden when the line was written, which decides what each seat reads of it. */
  secret?: LineSecret;
}

export type LogLevel = 'full' | 'none';
