import { parseCli } from './args.ts';
import { agentFromSpec, splitAgentSpecs } from '../agents/index.ts';
import { sideNames } from '../analysis/labels.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import { INTERRUPTED, interruptedLine, nothingToReport } from './interrupt.ts';
import { GamePool, parseWorkers } from './simulate-run.ts';
import { parseShard, shardFile, shardJson, shardRange, type Shard } from './shard.ts';
import { aggregate, formatTournament, type TournamentGame, type TournamentRun } from './tournament-games.ts';

export const TOURNAMENT_USAGE = `Usage: rulesmith tournament <ruleset> --agents A,B[,…] [--games N] [--players N] [--seed S]
                           [--option k=v…] [--workers N] [--json] [--root DIR] [--shard i/n|auto/n --json]

Plays agents against each other with the seats rotated, so each agent plays every seat equally
often. The line-up is --agents in seat order, the last one repeated to fill the seats
(normal,random on 4 seats: one normal against three random). Game i (from 1) uses seed "S:i"
and the line-up rotated by (i - 1) mod seats (game 1 seats it as given). Prints per agent and
per seat: games, wins (a tie shares the win), draws, win rate with a 95% (Wilson) interval,
time per decision (mean, p95; wall clock, and in brackets the CPU time, which a busy machine
does not inflate) and, when the ruleset declares
heuristics, the mean heuristic score of its seats when the game ended (how well it did, even in
games it lost); then outcomes (by the agent of the winning seats) and game length.
Agents: random, first, greedy, easy, normal, hard, mcts:iterations=N,depth=N,c=X,ms=N.
--workers N plays N games at a time on worker threads (default 1; the same games and figures,
but the CPU column is left out, since a process's CPU time then counts every thread).
--shard i/n --json plays only shard i of n (a contiguous block of the games; rotation and seeds
by global game index) and prints its games for 'rulesmith merge'; auto/n takes i from
JOB_COMPLETION_INDEX + 1.
Ctrl-C stops the tournament and prints the figures of the games finished (status 130); search
bots play on a worker thread, so it is heard at once.`;

export async function runTournament(argv: string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { agents: { type: 'string' }, games: { type: 'string', default: '20' }, workers: { type: 'string', default: '1' }, players: { type: 'string' }, seed: { type: 'string', default: '1' }, option: { type: 'string', multiple: true }, json: { type: 'boolean', default: false }, shard: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith tournament: ${(e as Error).message}\n\n${TOURNAMENT_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${TOURNAMENT_USAGE}\n`); return 0; }
  const [path] = args.positionals;
  const specs = splitAgentSpecs(args.values.agents ?? '');
  if (!path || specs.length === 0) { io.err(`${TOURNAMENT_USAGE}\n`); return 2; }
  const bad = specs.map((s) => agentFromSpec(s, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith tournament: --agents: ${bad.error}\n`); return 2; }
  const games = Number(args.values.games);
  if (!Number.isInteger(games) || games < 1) { io.err('rulesmith tournament: --games must be a positive whole number\n'); return 2; }
  let shard: Shard | undefined;
  if (args.values.shard !== undefined) {
    const s = parseShard(args.values.shard, process.env);
    const why = 'error' in s ? s.error : !args.values.json ? '--shard prints its games as JSON for rulesmith merge; add --json' : undefined;
    if (why !== undefined) { io.err(`rulesmith tournament: ${why}\n`); return 2; }
    shard = s as Shard;
  }
  const workers = parseWorkers(args.values.workers);
  if (workers === undefined || workers === 'auto') { io.err('rulesmith tournament: --workers takes a positive whole number\n'); return 2; }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const sides = Object.keys(program.data.sides ?? {}).length;
  const seats = args.values.players !== undefined ? Number(args.values.players) : (program.data.players?.default ?? program.data.players?.min ?? (sides || 2));
  const lineup = Array.from({ length: seats }, (_, s) => specs[Math.min(s, specs.length - 1)]!);
  const range = shard ? shardRange(games, shard) : [1, games] as [number, number];
  const run: TournamentRun = { path, ruleset: String(program.data.id ?? path), hash: program.hash, seed: args.values.seed, games, seats, lineup, options, names: sideNames(program.data) };
  const total = range[1] - range[0] + 1;
  // The games are played as `simulate` plays them (simulate-run.ts): on this thread, or on worker
  // threads; with search bots and Ctrl-C heard, on workers only. Game i is the same game anywhere.
  const pool = new GamePool(workers);
  const release = pool.stopOn(io);
  let done = 0;
  let played: TournamentGame[] | { problems: string[] };
  try {
    const plan = { path, seed: run.seed, options, agents: lineup, players: seats, ...(args.values.root !== undefined ? { root: args.values.root } : {}), tournament: { run, cpu: workers === 1 } };
    played = await pool.play<TournamentGame>(program, plan, range, () => io.progress?.(++done, total));
  } finally {
    release();
    await pool.close();
  }
  if ('problems' in played) { io.err(played.problems.map((p) => `rulesmith tournament: ${p}\n`).join('')); return 2; }
  const interrupted = pool.interrupted ? { finished: played.length, asked: total } : undefined;
  const silent = interrupted ? nothingToReport('tournament', played.length, total, shard !== undefined) : undefined;
  if (silent) {
    io.err(silent);
    return INTERRUPTED;
  }
  if (shard) {
    // Games that did not end are results: merge reports them (exit 1); the shard itself succeeded.
    io.out(shardJson(shardFile('tournament', shard, { ...run }, range, played)));
    return 0;
  }
  const result = aggregate(interrupted ? { ...run, games: played.length } : run, played);
  io.out(args.values.json ? formatTournament(path, interrupted ? { ...result, interrupted } : result, true) : `${interruptedLine(interrupted)}${formatTournament(path, result, false, run.names)}`);
  if (interrupted) return INTERRUPTED;
  return result.errors.length ? 1 : 0;
}
