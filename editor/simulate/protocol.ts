/** Messages between the simulation view and its workers (plain data). */
import type { GameRecord, SimulationSummary } from '../../interpreter/index.ts';
import type { SimulationPlan } from './sim-games.ts';

export type { GameRecord, SimulationSummary, SimulationPlan };

/** Least time between two heartbeats of a busy simulation worker. */
export const ALIVE_MS = 500;

export type SimRequest =
  | { type: 'init'; files: Record<string, string>; entry: string }
  | { type: 'play'; job: number; from: number; to: number; plan: SimulationPlan }
  | { type: 'summarise'; records: GameRecord[] };

export type SimResponse =
  | { type: 'ready'; ok: true; hash: string; name: string; sides: Record<string, string> }
  | { type: 'ready'; ok: false; message: string }
  | { type: 'progress'; job: number; done: number }
  /** Still playing (a heartbeat for the watchdog, at most every `ALIVE_MS`, between games' ends). */
  | { type: 'alive' }
  | { type: 'records'; job: number; records: GameRecord[] }
  | { type: 'summary'; summary: SimulationSummary }
  | { type: 'failed'; message: string };
