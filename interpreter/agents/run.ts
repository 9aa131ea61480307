import type { Program } from '../runtime/program.ts';
import { Game } from '../runtime/game.ts';
import type { GameSetup, SetupProblem } from '../runtime/init.ts';
import type { RuntimeOptions } from '../runtime/runtime.ts';
import type { Agent, SearchContext } from './agent.ts';
import { determinizer, type Determinized } from '../runtime/determinize.ts';
import type { RngState } from '../runtime/rng.ts';

/** The only door from a real game to a search agent: determinizations for one seat. */
export function searchContext(game: Game, seat: string): SearchContext {
  return new GameSearch(game, seat);
}

// A class, not an object with an arrow: one is made per question, and under tsx (the bench, the
// tests) every named arrow is also renamed by a `__name` call, which cost ~3% of a random playout.
class GameSearch implements SearchContext {
  // Every copy of one question: what the seat cannot see is found once (determinize.ts).
  private readonly draw: (rng: RngState) => Determinized;
  constructor(game: Game, readonly seat: string) {
    this.draw = determinizer(game, seat);
  }
  sample(rng: RngState): Game {
    return this.draw(rng).game;
  }
}

export interface PlayedGame {
  game: Game;
  /** Decisions answered, in order: with the setup, everything needed to replay the game. */
  decisions: unknown[];
  /** Why the game stopped early: a runtime diagnostic, an agent out of answers, a refused answer. */
  stopped?: { code: string; message: string };
}

/**
 * Play a game to the end with one agent per seat (an agent for `p1`, `p2`…, or one for all).
 * Bounded: a game asking more than `maxDecisions` questions is stopped.
 */
export function playWith(program: Program, setup: GameSetup, agents: Record<string, Agent> | Agent, opts: Partial<RuntimeOptions> & { maxDecisions?: number; observe?: (game: Game) => void } = {}): PlayedGame | { problems: SetupProblem[] } {
  const { observe, ...runtimeOpts } = opts;
  // Agents answer from views and copies, and `observe` only reads: the game may reuse what it computed.
  const started = Game.start(program, setup, { hostReadsOnly: true, ...runtimeOpts });
  if (!(started instanceof Game)) return started;
  const game = started;
  const max = opts.maxDecisions ?? 100_000;
  // `observe` sees the game after setup and after each answer (invariant checks); it must not change it.
  observe?.(game);
  for (let i = 0; game.pending && i < max; i++) {
    const req = game.pending;
    const agent = 'choose' in agents ? (agents as Agent) : (agents as Record<string, Agent>)[req.player];
    if (!agent) return { game, decisions: game.state.decisions, stopped: { code: 'no-agent', message: `No agent plays ${req.player}.` } };
    let answer;
    try {
      answer = agent.choose(req, () => game.view(req.player), searchContext(game, req.player));
    } catch (e) {
      return { game, decisions: game.state.decisions, stopped: { code: 'agent-failed', message: (e as Error).message } };
    }
    const r = game.answer(answer);
    if (!r.ok) return { game, decisions: game.state.decisions, stopped: { code: r.code, message: r.message } };
    observe?.(game);
  }
  if (game.pending) return { game, decisions: game.state.decisions, stopped: { code: 'decision-limit', message: `More than ${max} decisions.` } };
  return { game, decisions: game.state.decisions };
}
