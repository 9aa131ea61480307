import { agentFromSpec, heuristicScores, playWith, rewardsOf, winnersOf, type Agent } from '../agents/index.ts';
import { meanOfProportions } from '../analysis/intervals.ts';
import { outcomeOf, shares, wilson } from '../analysis/summary.ts';
import { resultLabel } from '../analysis/labels.ts';
import type { Program } from '../runtime/index.ts';

/** What names a tournament; shards merge only when theirs are equal. */
export interface TournamentRun {
  path: string;
  ruleset: string;
  hash: string;
  seed: string;
  games: number;
  seats: number;
  lineup: string[];
  options: Record<string, unknown>;
  /** Sides' names by id (`sideNames`), for the outcomes' labels. */
  names?: Record<string, string>;
}

/**
 * One game of a tournament as plain data: enough to rebuild every figure of the unsharded result
 * exactly, so shards carry these and `merge` aggregates them as one run would.
 */
export interface TournamentGame {
  /** Global game index (1-based): gives the seed and the seat rotation. */
  game: number;
  /** Each agent's thinking times (ms, wall clock) in decision order; kept raw so merged p95s are exact. */
  ms: Record<string, number[]>;
  /**
   * The same decisions' CPU time (ms, the whole process: what they would take on one core, garbage
   * collection included), which a busy machine does not inflate as it does the wall clock. Absent in
   * shard files written before it was kept.
   */
  cpu?: Record<string, number[]>;
  /** `seed: code` when the game did not end. */
  error?: string;
  decisions?: number;
  outcome?: string;
  drawn?: boolean;
  /** Per seat (p1 first). */
  rewards?: number[];
  /** Per seat heuristic score at the end, null without heuristics. */
  scores?: Array<number | null>;
  /** Per seat, the side it played (null without one); absent in shard files written before it was kept. */
  sides?: Array<string | null>;
}

/**
 * Play game i: seed "S:i", line-up rotated by (i - 1) mod seats. `cpu`: keep each decision's CPU
 * time too, which is the process's and so right only while no other thread plays.
 */
export function playTournamentGame(program: Program, run: TournamentRun, i: number, cpu = true): TournamentGame | { problems: string[] } {
  const { seats, lineup } = run;
  const seed = `${run.seed}:${i}`;
  const rotation = (i - 1) % seats;
  const seatSpec = (s: number) => lineup[(s + rotation) % seats]!;
  const ms: Record<string, number[]> = {};
  const cpuMs: Record<string, number[]> = {};
  const agents: Record<string, Agent> = {};
  for (let s = 0; s < seats; s++) agents[`p${s + 1}`] = timed(agentFromSpec(seatSpec(s), `${seed}:p${s + 1}`) as Agent, (ms[seatSpec(s)] ??= []), cpu ? (cpuMs[seatSpec(s)] ??= []) : undefined);
  const played = playWith(program, { seed, players: seats, options: run.options }, agents);
  if ('problems' in played) return { problems: played.problems.map((p) => p.message) };
  const g = played.game;
  const kept = cpu ? { cpu: cpuMs } : {};
  if (g.status !== 'ended') return { game: i, ms, ...kept, error: `${seed}: ${g.error?.code ?? played.stopped?.code ?? g.status}` };
  const rewards = rewardsOf(g);
  const scores = heuristicScores(g);
  const drawn = winnersOf(g.result).length === 0;
  const seatList = Array.from({ length: seats }, (_, s) => s);
  const winning = [...new Set(seatList.filter((s) => (rewards.get(`p${s + 1}`) ?? 0) > 0 && !drawn).map(seatSpec))];
  return {
    game: i, ms, ...kept, decisions: played.decisions.length, outcome: `${outcomeOf(g.result)}${winning.length ? ` (${winning.join(', ')})` : ''}`, drawn,
    rewards: seatList.map((s) => rewards.get(`p${s + 1}`) ?? 0), scores: seatList.map((s) => scores?.get(`p${s + 1}`) ?? null),
    sides: seatList.map((s) => g.state.players[s]?.side ?? null),
  };
}

interface Tally {
  games: number;
  /** Wins; a win shared by k winners counts 1/k. */
  wins: number;
  draws: number;
  ms: number[];
  cpu: number[];
  /** Heuristic scores of its seats at the end (none without heuristics). */
  scores: number[];
  /** The sides its seats played (undefined where a game did not say). */
  sides: Set<string | null | undefined>;
}

const newTally = (): Tally => ({ games: 0, wins: 0, draws: 0, ms: [], cpu: [], scores: [], sides: new Set() });

/** Mean and 95th percentile (nearest rank) of a list of times; 0 for none. */
function meanP95(list: readonly number[]): { mean: number; p95: number } {
  const sorted = [...list].sort((a, b) => a - b);
  return {
    mean: list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0,
    p95: sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]! : 0,
  };
}

export interface TournamentRow {
  label: string;
  games: number;
  wins: number;
  draws: number;
  winRate: number;
  ci95: [number, number];
  msPerDecision?: { mean: number; p95: number };
  /** CPU ms per decision (see `TournamentGame.cpu`); only when every game kept it. */
  cpuPerDecision?: { mean: number; p95: number };
  meanScore?: number;
  /** By seat: the side the seat played in every game (absent when it changed, or a game did not say). */
  side?: string;
  /**
   * Per agent, its win rate averaged over the seats it played (each seat's rate weighing the
   * same) with a 95% interval that counts each seat's own chance only (`meanOfProportions`): with
   * seats rotated, which seat an agent had is no luck, so this interval is the narrower honest
   * one when seats are unequal (a side that wins most games whoever plays it). Absent when the
   * agent did not play every seat.
   */
  seatBalanced?: { rate: number; ci95: [number, number] };
}

export type TournamentResult = ReturnType<typeof aggregate>;

/** The tournament's result from its games in game order (all of them, or the merged shards'). */
export function aggregate(run: TournamentRun, games: TournamentGame[]) {
  const { seats, lineup } = run;
  const byAgent = new Map<string, Tally>(lineup.map((s) => [s, newTally()]));
  const bySeat = new Map<string, Tally>();
  const lengths: number[] = [];
  const errors: string[] = [];
  const outcomes: string[] = [];
  let cpuKept = true;
  for (const r of games) {
    for (const [label, ms] of Object.entries(r.ms)) byAgent.get(label)!.ms.push(...ms);
    if (!r.cpu) cpuKept = false;
    for (const [label, cpu] of Object.entries(r.cpu ?? {})) byAgent.get(label)!.cpu.push(...cpu);
    if (r.error !== undefined) { errors.push(r.error); continue; }
    lengths.push(r.decisions!);
    outcomes.push(r.outcome!);
    const rotation = (r.game - 1) % seats;
    for (let s = 0; s < seats; s++) {
      const spec = lineup[(s + rotation) % seats]!;
      const key = `p${s + 1} ${spec}`;
      const score = r.scores![s];
      if (score !== null && score !== undefined) byAgent.get(spec)!.scores.push(score);
      for (const t of [byAgent.get(spec)!, bySeat.get(key) ?? bySeat.set(key, newTally()).get(key)!]) {
        t.games++;
        t.sides.add(r.sides ? r.sides[s] : undefined);
        if (r.drawn) t.draws++;
        else t.wins += r.rewards![s]!;
      }
    }
  }
  const row = (label: string, t: Tally): TournamentRow & { msPerDecision: { mean: number; p95: number } } => {
    const [lo, hi] = wilson(Math.round(t.wins), t.games);
    return {
      label, games: t.games, wins: t.wins, draws: t.draws, winRate: t.games ? t.wins / t.games : 0, ci95: [lo, hi],
      msPerDecision: meanP95(t.ms),
      ...(cpuKept ? { cpuPerDecision: meanP95(t.cpu) } : {}),
      ...(t.scores.length ? { meanScore: t.scores.reduce((a, b) => a + b, 0) / t.scores.length } : {}),
    };
  };
  const balanced = (label: string) => {
    const perSeat = Array.from({ length: seats }, (_, s) => bySeat.get(`p${s + 1} ${label}`));
    return perSeat.every((t) => t !== undefined && t.games > 0) ? meanOfProportions(perSeat.map((t) => [Math.round(t!.wins), t!.games] as const)) : undefined;
  };
  return {
    ruleset: run.ruleset, hash: run.hash, games: run.games, seats, lineup, ended: lengths.length, errors,
    agents: [...byAgent].map(([label, t]) => {
      const b = balanced(label);
      return { ...row(label, t), ...(b ? { seatBalanced: b } : {}) };
    }),
    outcomes: shares(outcomes, outcomes.length),
    decisions: { mean: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0 },
    bySeat: [...bySeat].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([label, t]): TournamentRow => {
      const { msPerDecision: _, cpuPerDecision: __, ...r } = row(label, t);
      const [side] = t.sides;
      return { ...r, ...(t.sides.size === 1 && typeof side === 'string' ? { side } : {}) };
    }),
  };
}

/**
 * Milliseconds as the table prints them: one decimal, two below 1 ms. Random bots decide in
 * hundredths of a millisecond, and at one decimal their p95 read "0.0" under a mean of "0.1"
 * (the mean carries a few slow first decisions), which looked like an error.
 */
export const msText = (ms: number): string => ms.toFixed(ms < 1 ? 2 : 1);

/** The result as the tournament command prints it, text or JSON; the exit code is 1 when games did not end. */
export function formatTournament(path: string, t: TournamentResult & { interrupted?: { finished: number; asked: number } }, json: boolean, names: Record<string, string> = {}): string {
  if (json) return `${JSON.stringify(t, null, 2)}\n`;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const line = (r: TournamentRow) => `  ${r.label.padEnd(24)} games ${String(r.games).padStart(4)}  wins ${String(+r.wins.toFixed(2)).padStart(6)}  draws ${String(r.draws).padStart(3)}  ${pct(r.winRate).padStart(6)} (95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])})${r.msPerDecision ? `  ms/decision mean ${msText(r.msPerDecision.mean)} p95 ${msText(r.msPerDecision.p95)}` : ''}${r.cpuPerDecision ? ` (CPU mean ${msText(r.cpuPerDecision.mean)} p95 ${msText(r.cpuPerDecision.p95)})` : ''}${r.meanScore !== undefined ? `  heuristic at end ${r.meanScore.toFixed(2)}` : ''}${r.seatBalanced ? `\n  ${''.padEnd(24)} seats balanced ${pct(r.seatBalanced.rate)} (95% CI ${pct(r.seatBalanced.ci95[0])}–${pct(r.seatBalanced.ci95[1])})` : ''}\n`;
  let out = `${path} (${t.ruleset}, rules ${t.hash}): ${t.games} games, ${t.seats} seats, line-up ${t.lineup.join(', ')} rotated; ended ${t.ended}, errors ${t.errors.length}\n\nby agent\n`;
  for (const r of t.agents) out += line(r);
  out += '\nby seat\n';
  // `Pirates (p1) random`: a seat by the side it played, as the outcomes name it.
  for (const r of t.bySeat) out += line(r.side ? { ...r, label: r.label.replace(/^(p\d+)/, `${names[r.side] ?? r.side} ($1)`) } : r);
  out += '\noutcomes (agents of the winning seats)\n';
  const labels = t.outcomes.map((o) => resultLabel(o.label, names));
  const width = Math.max(0, ...labels.map((l) => l.length));
  t.outcomes.forEach((o, i) => { out += `  ${labels[i]!.padEnd(width)} ${String(o.count).padStart(4)}  ${pct(o.share).padStart(6)} (95% CI ${pct(o.ci95[0])}–${pct(o.ci95[1])})\n`; });
  out += `\ngame length: decisions mean ${t.decisions.mean.toFixed(1)}\n`;
  for (const e of t.errors.slice(0, 5)) out += `error: ${e}\n`;
  return out;
}

/** An agent whose thinking time is appended to `ms` (wall clock) and `cpu` (the process's CPU), in ms. */
function timed(agent: Agent, ms: number[], cpu: number[] | undefined): Agent {
  return {
    name: agent.name,
    choose: (req, view, search) => {
      const start = performance.now();
      const used = cpu && process.cpuUsage();
      try {
        return agent.choose(req, view, search);
      } finally {
        ms.push(performance.now() - start);
        if (used) {
          const d = process.cpuUsage(used);
          cpu!.push((d.user + d.system) / 1000);
        }
      }
    },
  };
}
