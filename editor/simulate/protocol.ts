/** Messages between the simulation view and its workers (plain data). */
import type { GameRecord, SimulationSummary } from '../../interpreter/index.ts';
import type { SimulationPlan } from './sim-games.ts';

export type { GameRecord, SimulationSummary, SimulationPlan };

/** Least time between two heartbeats of a busy simulation worker. */
export const ALIVE_MS = 500;

/** What a worker learned compiling one entry of a simulation. */
export type Compiled =
  | { ok: true; id: string; hash: string; name: string; sides: Record<string, string> }
  | { ok: false; message: string };

export type SimRequest =
  /** Compile every entry (a variant and its base): the worker then plays games of any of them. */
  | { type: 'init'; files: Record<string, string>; entries: string[] }
  /** Games `from..to` of entry `run` (its index in `init`'s entries). */
  | { type: 'play'; job: number; run: number; from: number; to: number; plan: SimulationPlan };

export type SimResponse =
  | { type: 'ready'; runs: Compiled[] }
  /** One game ended: its record, sent at once so the view's charts grow game by game. */
  | { type: 'game'; job: number; run: number; n: number; record: GameRecord }
  /** Still playing (a heartbeat for the watchdog, at most every `ALIVE_MS`, between games' ends). */
  | { type: 'alive' }
  /** Every game of the job has been sent. */
  | { type: 'done'; job: number }
  /** The job's games cannot be played (its setup refused); the run stops, the others go on. */
  | { type: 'failed'; job: number; run: number; message: string };
