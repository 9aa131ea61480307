/**
 * A batch of simulated games, played as `rulesmith simulate` plays them: game i uses seed
 * `S:i` and an agent per seat (`--agents`: random, or a search level) seeded `S:i:p<seat>`, so
 * the same plan gives the same records in the browser and on the command line, however the games
 * are split between workers. Search agents plan on determinizations (`playWith`'s searchContext).
 */
import { RandomAgent, agentFromSpec, playWith, scoreMargin, seatSides, type Agent, type GameRecord, type Program, type SearchContext } from '../../interpreter/index.ts';

/** What every game of a simulation shares (plain data: it crosses to the workers). */
export interface SimulationPlan {
  seed: string;
  players?: number;
  options: Record<string, unknown>;
  /** Agent specs by seat, p1 first (`random`, `easy`…; the last one plays the seats after it; none: random). */
  agents?: string[];
  /** Record each seat's side and the score margin (for a comparison), as `rulesmith simulate --compare` does. */
  facts?: boolean;
}

/**
 * Play games `from..to` (1-based, inclusive); `progress` after each, with its record and number. `alive` is called at every
 * decision and every game a search bot samples, so a worker can show it is still moving (the
 * watchdog's heartbeat) without changing a single move.
 */
export function playGames(program: Program, plan: SimulationPlan, from: number, to: number, progress?: (record: GameRecord, n: number) => void, alive?: () => void): GameRecord[] | { problems: string[] } {
  const records: GameRecord[] = [];
  const options = declaredOptions(program, plan.options);
  for (let i = from; i <= to; i++) {
    const seed = `${plan.seed}:${i}`;
    const setup = { seed, ...(plan.players !== undefined ? { players: plan.players } : {}), options };
    const seats = agents(program, plan, seed);
    const played = playWith(program, setup, alive ? heartbeat(seats, alive) : seats, { log: 'none' });
    if ('problems' in played) return { problems: played.problems.map((p) => p.message) };
    const g = played.game;
    const record: GameRecord = {
      seed,
      status: played.stopped && g.status !== 'error' ? 'error' : g.status,
      result: g.result,
      rounds: g.state.round,
      decisions: played.decisions.length,
      error: g.error ?? (played.stopped ? { code: played.stopped.code, message: played.stopped.message } : null),
      ...(plan.facts ? { seats: seatSides(g), margin: g.status === 'ended' ? scoreMargin(g) : null } : {}),
    };
    records.push(record);
    progress?.(record, i);
  }
  return records;
}

/** Only the options this ruleset declares (a variant and its base may differ). */
export function declaredOptions(program: Program, options: Record<string, unknown>): Record<string, unknown> {
  const defs = program.data.options ?? {};
  return Object.fromEntries(Object.entries(options).filter(([id]) => id in defs));
}

/** The same agents, calling `alive` before each decision and each sampled game. */
function heartbeat(seats: Record<string, Agent>, alive: () => void): Record<string, Agent> {
  const wrap = (agent: Agent): Agent => ({
    name: agent.name,
    choose: (request, view, search) => {
      alive();
      const sampled: SearchContext | undefined = search && { seat: search.seat, sample: (rng) => (alive(), search.sample(rng)) };
      return agent.choose(request, view, sampled);
    },
  });
  return Object.fromEntries(Object.entries(seats).map(([seat, agent]) => [seat, wrap(agent)]));
}

function agents(program: Program, plan: SimulationPlan, seed: string): Record<string, Agent> {
  const sides = Object.keys(program.data.sides ?? {}).length;
  const n = plan.players ?? program.data.players?.default ?? program.data.players?.min ?? (sides || 2);
  const out: Record<string, Agent> = {};
  for (let s = 1; s <= n; s++) {
    const spec = plan.agents?.[Math.min(s - 1, plan.agents.length - 1)] ?? 'random';
    const agent = agentFromSpec(spec, `${seed}:p${s}`);
    out[`p${s}`] = 'error' in agent ? new RandomAgent(`${seed}:p${s}`) : agent;
  }
  return out;
}
