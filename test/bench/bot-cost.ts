/**
 * What a search bot's decision costs: CPU milliseconds of one `easy` / `normal` answer at a few
 * points of a game of each shipped ruleset (reached by random play from fixed seeds, so every run
 * asks the same questions), and the same in random playouts of that game, which travels between
 * machines better than milliseconds. Levels are iteration budgets, so a decision repeats exactly.
 */
import { agentFromSpec, RandomAgent, searchContext } from '../../interpreter/agents/index.ts';
import { Game, type Program } from '../../interpreter/runtime/index.ts';
import { cpuMs, spread, type Spread } from './timing.ts';

export const BOT_LEVELS = ['easy', 'normal'] as const;
/** Decisions into the game at which a bot is asked (the first real choice at or after each). */
export const BOT_POINTS = [2, 12, 30];

export interface BotCost {
  game: string;
  level: string;
  /** Decision numbers the bot answered at. */
  at: number[];
  msPerDecision: Spread;
  perDecision: number[];
}

/** A question with a choice to make: a bot answers a one-option question without searching. */
const isChoice = (g: Game): boolean => !!g.pending && (g.pending.kind === 'number' ? g.pending.max > g.pending.min : g.pending.options.length > 1);

/** A game of `program` waiting at the first real choice at or after decision `at` (the first seed whose game gets there). */
function gameAt(program: Program, at: number): Game | null {
  // Random play ends some games early (Blue Max's aircraft leave the field), so seeds are tried in turn.
  for (let seed = 1; seed <= 50; seed++) {
    const g = Game.start(program, { seed: `bot-bench:${seed}` }, { log: 'none' });
    if (!(g instanceof Game)) throw new Error('setup refused');
    const agent = new RandomAgent(`bot-bench:${seed}`);
    while (g.pending && (g.state.decisions.length < at || !isChoice(g))) g.answer(agent.choose(g.pending));
    if (g.pending) return g;
  }
  return null;
}

function decide(g: Game, level: string): void {
  const req = g.pending!;
  const agent = agentFromSpec(level, `bot-bench:${g.state.decisions.length}`);
  if ('error' in agent) throw new Error(agent.error);
  agent.choose(req, () => g.view(req.player), searchContext(g, req.player));
}

export function botCosts(program: Program): BotCost[] {
  const games = BOT_POINTS.map((at) => gameAt(program, at)).filter((g): g is Game => g !== null);
  // One untimed decision first, so the search code is optimised before it is timed.
  if (games[0]) decide(games[0], 'easy');
  return BOT_LEVELS.map((level) => {
    const perDecision = games.map((g) => {
      const t = cpuMs();
      decide(g, level);
      return cpuMs() - t;
    });
    return { game: String(program.data.id), level, at: games.map((g) => g.state.decisions.length), msPerDecision: spread(perDecision), perDecision };
  });
}
