/**
 * Realistic positions for timing search bots' decisions: each shipped ruleset's file in
 * test/bench/positions/ holds one or two games played by search bots (its setup and every answer up to the
 * last position) and the decision numbers of about ten real choices in it. A position is rebuilt
 * by replaying the answers, so a file is a few KB and any runtime that plays the same game can
 * be timed on it (decisions-ab.ts loads another commit's). `npm run bench:decisions -- --record`
 * writes the files again (minutes of CPU per ruleset: the games are played by `normal` bots).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type * as agentsModule from '../../interpreter/agents/index.ts';
import type { Game as GameClass, Program, RuntimeOptions } from '../../interpreter/runtime/index.ts';

export interface PositionsFile {
  ruleset: string;
  /** The game's setup: seed, and players or options when not the defaults. */
  setup: { seed: string; players?: number; options?: Record<string, unknown> };
  /** Who played each seat (p1 first) when the game was recorded. */
  agents: string[];
  /** Every answer of the game up to the last position. */
  answers: unknown[];
  /** Decision numbers (answers given before it) of the positions: each a real choice of a search bot. */
  positions: number[];
}

/** The pieces of a runtime the positions need, so another commit's can be passed (decisions-ab.ts). */
export interface PositionsRuntime {
  agents: Pick<typeof agentsModule, 'agentFromSpec' | 'searchContext'>;
  Game: typeof GameClass;
}

/** How many positions a recorded game keeps, evenly spread over its real choices. */
export const POSITIONS_PER_GAME = 10;

/** A question with a choice to make: a search bot answers a one-option question without searching. */
export const isChoice = (g: GameClass): boolean => !!g.pending && (g.pending.kind === 'number' ? g.pending.max > g.pending.min : g.pending.options.length > 1);

/** Replays `file`'s answers, calling `at` at each of its positions (in order) with the game waiting there. */
export function replayPositions(rt: PositionsRuntime, program: Program, file: PositionsFile, at: (game: GameClass, decision: number) => void, opts: Partial<RuntimeOptions> = {}): void {
  const g = rt.Game.start(program, file.setup, { log: 'none', hostReadsOnly: true, ...opts });
  if (!(g instanceof rt.Game)) throw new Error(`${file.ruleset}: setup refused`);
  const wanted = new Set(file.positions);
  for (let d = 0; d <= file.answers.length; d++) {
    if (wanted.has(d)) {
      if (!isChoice(g)) throw new Error(`${file.ruleset}: decision ${d} is not a real choice in this runtime's replay`);
      at(g, d);
    }
    if (d === file.answers.length) break;
    const r = g.answer(file.answers[d]);
    if (!r.ok) throw new Error(`${file.ruleset}: answer ${d} refused: ${r.message}`);
  }
}

/** The games waiting at every position of `file` (copies, so each can be searched on its own). */
export function positionGames(rt: PositionsRuntime, program: Program, file: PositionsFile, opts: Partial<RuntimeOptions> = {}): GameClass[] {
  const out: GameClass[] = [];
  replayPositions(rt, program, file, (g) => out.push(g.fork()), opts);
  return out;
}

/** One `level` answer at `game`'s question, by an agent seeded by the position (same every run). */
export function decide(rt: PositionsRuntime, game: GameClass, level: string): unknown {
  const req = game.pending!;
  const agent = rt.agents.agentFromSpec(level, `decision-bench:${game.state.decisions.length}`);
  if ('error' in agent) throw new Error(agent.error);
  return agent.choose(req, () => game.view(req.player), rt.agents.searchContext(game, req.player));
}

/**
 * Play one game of `agents` (one spec per seat) from `setup`, stopping after `maxDecisions`, and
 * keep POSITIONS_PER_GAME of the search bots' real choices, evenly spread.
 */
export function recordPositions(rt: PositionsRuntime, program: Program, ruleset: string, setup: PositionsFile['setup'], agents: string[], maxDecisions: number): PositionsFile {
  const g = rt.Game.start(program, setup, { log: 'none', hostReadsOnly: true });
  if (!(g instanceof rt.Game)) throw new Error(`${ruleset}: setup refused`);
  const seats = new Map<string, ReturnType<typeof rt.agents.agentFromSpec>>();
  const choices: number[] = [];
  while (g.pending && g.state.decisions.length < maxDecisions) {
    const req = g.pending;
    const i = Number(req.player.replace(/^p/, '')) - 1;
    const spec = agents[Math.min(Math.max(i, 0), agents.length - 1)] ?? 'random';
    if (!seats.has(req.player)) seats.set(req.player, rt.agents.agentFromSpec(spec, `${setup.seed}:${req.player}`));
    const agent = seats.get(req.player)!;
    if ('error' in agent) throw new Error(agent.error);
    if (spec !== 'random' && isChoice(g)) choices.push(g.state.decisions.length);
    const r = g.answer(agent.choose(req, () => g.view(req.player), rt.agents.searchContext(g, req.player)));
    if (!r.ok) throw new Error(`${ruleset}: answer refused: ${r.message}`);
  }
  const n = Math.min(POSITIONS_PER_GAME, choices.length);
  // Evenly spread from the first choice to the last, so the opening and the middle game both count.
  const positions = [...new Set(Array.from({ length: n }, (_, k) => choices[Math.round((k * (choices.length - 1)) / Math.max(n - 1, 1))]!))];
  const last = positions[positions.length - 1] ?? 0;
  return { ruleset, setup, agents, answers: g.state.decisions.slice(0, last), positions };
}

/** A ruleset's file: its recorded games, one a line. */
export const readPositions = (path: string): PositionsFile[] => JSON.parse(readFileSync(path, 'utf8')) as PositionsFile[];
export const writePositions = (path: string, files: PositionsFile[]): void => writeFileSync(path, `[\n${files.map((f) => JSON.stringify(f)).join(',\n')}\n]\n`);
