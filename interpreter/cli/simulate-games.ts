import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Agent } from '../agents/agent.ts';
import { agentFromSpec, RandomAgent, playWith } from '../agents/index.ts';
import type { GameRecord } from '../analysis/summary.ts';
import { checkInvariants, type InvariantViolation, type Program } from '../runtime/index.ts';
import type { Game } from '../runtime/index.ts';
import type { RulesProfile } from '../runtime/profile.ts';
import { gameDigest } from '../analysis/digest.ts';
import { replayFile } from '../analysis/replay-file.ts';
import { scoreMargin, seatSides } from '../analysis/margin.ts';
import { recordedRulesetPath } from './replay.ts';
import { playTournamentGame, type TournamentGame, type TournamentRun } from './tournament-games.ts';

/** Everything a batch of simulated games needs; plain data, so it can cross to a worker thread. */
export interface SimulationPlan {
  path: string;
  seed: string;
  players?: number;
  options: Record<string, unknown>;
  agents: string[];
  replays?: string;
  /** Declared root folder (`--root`), when not the ruleset's own. */
  root?: string;
  /** Record each seat's side and the score margin too (for comparisons; plain records stay as the editor's). */
  facts?: boolean;
  /** Check the ruleset's `invariants:` after every decision; each record then says the first violation (or null). */
  checkInvariants?: boolean;
  /**
   * A tournament's games instead (`rulesmith tournament`): its run, which gives seeds, line-up and
   * rotation, and whether to keep each decision's CPU time (right only while one thread plays).
   */
  tournament?: { run: TournamentRun; cpu: boolean };
}

/** What a game of a plan gives: a simulation's record, or a tournament's game. */
export type PlayedRecord = GameRecord | TournamentGame;

/** Game i of a plan, a tournament's or a simulation's. */
export function playAny(program: Program, plan: SimulationPlan, i: number): PlayedRecord | { problems: string[] } {
  return plan.tournament ? playTournamentGame(program, plan.tournament.run, i, plan.tournament.cpu) : playGame(program, plan, i);
}

/** Play games `from..to` (1-based, inclusive); game i always uses seed "S:i", whoever plays it. */
export function playRange(program: Program, plan: SimulationPlan, from: number, to: number, progress?: () => void): GameRecord[] | { problems: string[] } {
  const records: GameRecord[] = [];
  if (plan.replays) mkdirSync(plan.replays, { recursive: true });
  for (let i = from; i <= to; i++) {
    const record = playGame(program, plan, i);
    if ('problems' in record) return record;
    records.push(record);
    progress?.();
  }
  return records;
}

/** Game i of a plan (seed "S:i"); its replay is written when the plan asks, into a folder that exists. */
export function playGame(program: Program, plan: SimulationPlan, i: number, profile?: RulesProfile): GameRecord | { problems: string[] } {
  const seed = `${plan.seed}:${i}`;
  const setup = { seed, ...(plan.players !== undefined ? { players: plan.players } : {}), options: plan.options };
  // Decision n: after the n-th answer (checks begin once the set-up is done, invariants.ts); only
  // the first violation of a game is kept.
  let invariant: (InvariantViolation & { decision: number }) | null = null;
  const observe = plan.checkInvariants ? (game: Game) => {
    if (invariant) return;
    const v = checkInvariants(game);
    if (v) invariant = { ...v, decision: game.state.decisions.length };
  } : undefined;
  const played = playWith(program, setup, agentsFor(program, plan, seed), { log: plan.replays ? 'full' : 'none', ...(observe ? { observe } : {}), ...(profile ? { profile } : {}) });
  if ('problems' in played) return { problems: played.problems.map((p) => p.message) };
  const g = played.game;
  const record: GameRecord = {
    seed, status: played.stopped && g.status !== 'error' ? 'error' : g.status, result: g.result, rounds: g.state.round, decisions: played.decisions.length,
    error: g.error ?? (played.stopped ? { code: played.stopped.code, message: played.stopped.message } : null),
    ...(plan.facts ? { seats: seatSides(g), margin: g.status === 'ended' ? scoreMargin(g) : null } : {}),
    ...(plan.checkInvariants ? { invariant } : {}),
  };
  if (plan.replays) {
    const file = join(plan.replays, `game-${String(i).padStart(5, '0')}.json`);
    writeFileSync(file, `${JSON.stringify(replayFile(recordedRulesetPath(plan.path, file), program, setup, played.decisions, g.result, { digest: gameDigest(g) }), null, 1)}\n`);
  }
  return record;
}

function agentsFor(program: Program, plan: SimulationPlan, seed: string): Record<string, Agent> {
  const sides = Object.keys(program.data.sides ?? {}).length;
  const n = plan.players ?? program.data.players?.default ?? program.data.players?.min ?? (sides || 2);
  const out: Record<string, Agent> = {};
  for (let s = 1; s <= n; s++) {
    const kind = plan.agents[Math.min(s - 1, plan.agents.length - 1)];
    const agent = agentFromSpec(kind ?? 'random', `${seed}:p${s}`);
    // Specs were checked when the command started.
    out[`p${s}`] = 'error' in agent ? new RandomAgent(`${seed}:p${s}`) : agent;
  }
  return out;
}
