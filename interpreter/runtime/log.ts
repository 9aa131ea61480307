/** One line of a game's log, with where it came from (script position and rulebook section). */
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
}

export type LogLevel = 'full' | 'none';
