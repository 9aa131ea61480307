import { parseArgs } from 'node:util';
import { agentFromSpec, heuristicScores, playWith, rewardsOf, winnersOf, type Agent } from '../agents/index.ts';
import { outcomeOf, shares, wilson } from '../analysis/summary.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';

export const TOURNAMENT_USAGE = `Usage: rulesmith tournament <ruleset> --agents A,B[,…] [--games N] [--players N] [--seed S]
                           [--option k=v…] [--json] [--root DIR]

Plays agents against each other with the seats rotated, so each agent plays every seat equally
often. The line-up is --agents in seat order, the last one repeated to fill the seats
(normal,random on 4 seats: one normal against three random). Game i uses seed "S:i" and line-up
i mod seats. Prints per agent and per seat: games, wins (a tie shares the win), draws, win rate
with a 95% (Wilson) interval, time per decision (mean, p95) and, when the ruleset declares
heuristics, the mean heuristic score of its seats when the game ended (how well it did, even in
games it lost); then outcomes (by the agent of the winning seats) and game length.
Agents: random, first, greedy, easy, normal, hard, mcts:iterations=N,depth=N,c=X,ms=N.`;

interface Tally {
  games: number;
  /** Wins; a win shared by k winners counts 1/k. */
  wins: number;
  draws: number;
  ms: number[];
  /** Heuristic scores of its seats at the end (none without heuristics). */
  scores: number[];
}

const newTally = (): Tally => ({ games: 0, wins: 0, draws: 0, ms: [], scores: [] });

export async function runTournament(argv: string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseArgs({ args: argv, allowPositionals: true, options: { agents: { type: 'string' }, games: { type: 'string', default: '20' }, players: { type: 'string' }, seed: { type: 'string', default: '1' }, option: { type: 'string', multiple: true }, json: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith tournament: ${(e as Error).message}\n\n${TOURNAMENT_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${TOURNAMENT_USAGE}\n`); return 0; }
  const [path] = args.positionals;
  const specs = (args.values.agents ?? '').split(',').filter(Boolean);
  if (!path || specs.length === 0) { io.err(`${TOURNAMENT_USAGE}\n`); return 2; }
  const bad = specs.map((s) => agentFromSpec(s, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith tournament: --agents: ${bad.error}\n`); return 2; }
  const games = Number(args.values.games);
  if (!Number.isInteger(games) || games < 1) { io.err('rulesmith tournament: --games must be a positive whole number\n'); return 2; }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const sides = Object.keys(program.data.sides ?? {}).length;
  const seats = args.values.players !== undefined ? Number(args.values.players) : (program.data.players?.default ?? program.data.players?.min ?? (sides || 2));
  const lineup = Array.from({ length: seats }, (_, s) => specs[Math.min(s, specs.length - 1)]!);

  const byAgent = new Map<string, Tally>(lineup.map((s) => [s, newTally()]));
  const bySeat = new Map<string, Tally>();
  const lengths: number[] = [];
  const errors: string[] = [];
  const outcomes: string[] = [];
  for (let i = 1; i <= games; i++) {
    const seed = `${args.values.seed}:${i}`;
    const rotation = (i - 1) % seats;
    const seatSpec = (s: number) => lineup[(s + rotation) % seats]!;
    const agents: Record<string, Agent> = {};
    for (let s = 0; s < seats; s++) agents[`p${s + 1}`] = timed(agentFromSpec(seatSpec(s), `${seed}:p${s + 1}`) as Agent, byAgent.get(seatSpec(s))!);
    const played = playWith(program, { seed, players: seats, options }, agents);
    if ('problems' in played) { io.err(played.problems.map((p) => `rulesmith tournament: ${p.message}\n`).join('')); return 2; }
    const g = played.game;
    if (g.status !== 'ended') { errors.push(`${seed}: ${g.error?.code ?? played.stopped?.code ?? g.status}`); continue; }
    lengths.push(played.decisions.length);
    const rewards = rewardsOf(g);
    const scores = heuristicScores(g);
    const drawn = winnersOf(g.result).length === 0;
    const winning = [...new Set(Array.from({ length: seats }, (_, s) => s).filter((s) => (rewards.get(`p${s + 1}`) ?? 0) > 0 && !drawn).map(seatSpec))];
    outcomes.push(`${outcomeOf(g.result)}${winning.length ? ` (${winning.join(', ')})` : ''}`);
    for (let s = 0; s < seats; s++) {
      const seat = `p${s + 1}`;
      const key = `${seat} ${seatSpec(s)}`;
      const r = rewards.get(seat) ?? 0;
      const score = scores?.get(seat);
      if (score !== undefined) byAgent.get(seatSpec(s))!.scores.push(score);
      for (const t of [byAgent.get(seatSpec(s))!, bySeat.get(key) ?? bySeat.set(key, newTally()).get(key)!]) {
        t.games++;
        if (drawn) t.draws++;
        else t.wins += r;
      }
    }
    io.progress?.(i, games);
  }

  const row = (label: string, t: Tally) => {
    const [lo, hi] = wilson(Math.round(t.wins), t.games);
    const sorted = [...t.ms].sort((a, b) => a - b);
    return {
      label, games: t.games, wins: t.wins, draws: t.draws, winRate: t.games ? t.wins / t.games : 0, ci95: [lo, hi] as [number, number],
      msPerDecision: { mean: t.ms.length ? t.ms.reduce((a, b) => a + b, 0) / t.ms.length : 0, p95: sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]! : 0 },
      ...(t.scores.length ? { meanScore: t.scores.reduce((a, b) => a + b, 0) / t.scores.length } : {}),
    };
  };
  const result = {
    ruleset: String(program.data.id ?? path), hash: program.hash, games, seats, lineup, ended: lengths.length, errors,
    agents: [...byAgent].map(([label, t]) => row(label, t)),
    seats_: [...bySeat].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([label, t]) => { const { msPerDecision: _, ...r } = row(label, t); return r; }),
    outcomes: shares(outcomes, outcomes.length),
    decisions: { mean: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0 },
  };
  if (args.values.json) {
    const { seats_, ...rest } = result;
    io.out(`${JSON.stringify({ ...rest, bySeat: seats_ }, null, 2)}\n`);
    return errors.length ? 1 : 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const line = (r: Omit<ReturnType<typeof row>, 'msPerDecision'> & { msPerDecision?: { mean: number; p95: number } }) => `  ${r.label.padEnd(24)} games ${String(r.games).padStart(4)}  wins ${String(+r.wins.toFixed(2)).padStart(6)}  draws ${String(r.draws).padStart(3)}  ${pct(r.winRate).padStart(6)} (95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])})${r.msPerDecision ? `  ms/decision mean ${r.msPerDecision.mean.toFixed(1)} p95 ${r.msPerDecision.p95.toFixed(1)}` : ''}${r.meanScore !== undefined ? `  score at end ${r.meanScore.toFixed(2)}` : ''}\n`;
  io.out(`${path} (${result.ruleset}, rules ${program.hash}): ${games} games, ${seats} seats, line-up ${lineup.join(', ')} rotated; ended ${lengths.length}, errors ${errors.length}\n\nby agent\n`);
  for (const r of result.agents) io.out(line(r));
  io.out('\nby seat\n');
  for (const r of result.seats_) io.out(line(r));
  io.out('\noutcomes (agents of the winning seats)\n');
  for (const o of result.outcomes) io.out(`  ${o.label.padEnd(48)} ${String(o.count).padStart(4)}  ${pct(o.share).padStart(6)} (95% CI ${pct(o.ci95[0])}–${pct(o.ci95[1])})\n`);
  io.out(`\ngame length: decisions mean ${result.decisions.mean.toFixed(1)}\n`);
  for (const e of errors.slice(0, 5)) io.out(`error: ${e}\n`);
  return errors.length ? 1 : 0;
}

/** An agent whose thinking time (wall clock, ms) is added to `t`. */
function timed(agent: Agent, t: Tally): Agent {
  return {
    name: agent.name,
    choose: (req, view, search) => {
      const start = performance.now();
      try {
        return agent.choose(req, view, search);
      } finally {
        t.ms.push(performance.now() - start);
      }
    },
  };
}
