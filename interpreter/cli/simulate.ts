import type { parseArgs } from 'node:util';
import { parseCli } from './args.ts';
import { agentFromSpec, splitAgentSpecs } from '../agents/index.ts';
import { diffRulesets } from '../analysis/diff.ts';
import { summarise } from '../analysis/summary.ts';
import { sideNames } from '../analysis/labels.ts';
import { formatComparison } from './analysis-format.ts';
import { bothNames, comparisonExit, comparisonShard, reversedNote, runComparison } from './compare-run.ts';
import { cacheLine, GameCache, playKept } from './game-cache.ts';
import { reportPathProblem, writeReport } from './report-file.ts';
import type { Io, Progress } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import type { SimulationPlan } from './simulate-games.ts';
import { formatPoolReport, GamePool, parseWorkers } from './simulate-run.ts';
import { parseShard, shardFile, shardJson, shardRange, type Shard } from './shard.ts';
import { formatSummary } from './summary-format.ts';
import { INTERRUPTED, interruptedLine, interruptedTitle, nothingToReport } from './interrupt.ts';

export const SIMULATE_USAGE = `Usage: rulesmith simulate <ruleset> [--games N] [--seed S] [--players N] [--option k=v…]
                         [--agents random|first|easy|normal|hard|mcts:iterations=N,…] [--workers N|auto] [--replays DIR]
                         [--compare <other-ruleset>] [--report FILE.html] [--json] [--verbose] [--root DIR]
                         [--shard i/n|auto/n --json] [--cache DIR] [--check-invariants]

Plays N games with bots and prints results per side/player (with 95% intervals), game length and
runtime errors. Game i uses seed "S:i" whichever thread plays it, so the same seed gives the same
output with any number of threads. --workers N plays on N threads: this one and N-1 worker threads
(kept for the whole command, handed chunks of games from a queue); auto (the default) stays on
this thread unless the games left would take over about 4 s, then uses one thread per core, up to 4.
--verbose prints to stderr the games each thread played and its peak heap, and the process's peak
memory and CPU time (one JSON line with --json).
--compare plays the same seeds with the same bots under <other-ruleset> and prints what changes
(as 'rulesmith diff <ruleset> <other> --simulate N' does); --report writes a self-contained HTML report.
--shard i/n --json plays only shard i of n (a contiguous block of the N games; with --compare, of
each rule set) and prints its games for 'rulesmith merge', which prints what the unsharded run
prints; auto/n takes i from JOB_COMPLETION_INDEX + 1 (Kubernetes Indexed Jobs).
--cache DIR keeps each game's record in DIR, and takes from there the games an earlier run played
with the same rules, plan and rulesmith (the output is the same): only the games missing are played.
--check-invariants checks the ruleset's invariants: after setup and after every decision, and
reports each game's first violation (seed, decision, invariant, message, where it is declared);
it exits 1 when any game broke one. Checking never changes the games played.
Ctrl-C stops the run and prints the figures of the games finished (status 130); search bots play
on worker threads, so it is heard at once.`;

const OPTIONS = { games: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' }, players: { type: 'string' }, option: { type: 'string', multiple: true }, agents: { type: 'string', default: 'random' }, workers: { type: 'string' }, replays: { type: 'string' }, compare: { type: 'string' }, report: { type: 'string' }, json: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false }, 'check-invariants': { type: 'boolean', default: false }, shard: { type: 'string' }, cache: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

export async function runSimulate(argv: string[], io: Io, progress: Progress = () => {}): Promise<number> {
  let args;
  try {
    args = parseCli({
      args: argv, allowPositionals: true,
      options: OPTIONS,
    });
  } catch (e) {
    io.err(`rulesmith simulate: ${(e as Error).message}\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${SIMULATE_USAGE}\n`); return 0; }
  const [path] = args.positionals;
  const games = Number(args.values.games);
  if (!path || !Number.isInteger(games) || games < 1) {
    io.err(`rulesmith simulate: give a ruleset and a positive --games\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  if (args.values.compare !== undefined && args.values.replays !== undefined) {
    io.err('rulesmith simulate: --replays and --compare do not go together; record replays of each rule set separately\n');
    return 2;
  }
  if (args.values.compare !== undefined && args.values['check-invariants']) {
    io.err('rulesmith simulate: --check-invariants and --compare do not go together; check each rule set on its own\n');
    return 2;
  }
  let shard: Shard | undefined;
  if (args.values.shard !== undefined) {
    const s = parseShard(args.values.shard, process.env);
    const clash = args.values.report !== undefined ? '--report' : undefined;
    const why = 'error' in s ? s.error : !args.values.json ? '--shard prints its games as JSON for rulesmith merge; add --json' : clash ? `--shard and ${clash} do not go together; merge the shards with ${clash}` : undefined;
    if (why !== undefined) { io.err(`rulesmith simulate: ${why}\n`); return 2; }
    shard = s as Shard;
  }
  const workers = parseWorkers(args.values.workers);
  if (workers === undefined) { io.err('rulesmith simulate: --workers takes a positive whole number or auto\n'); return 2; }
  const unwritable = args.values.report !== undefined ? reportPathProblem(args.values.report) : undefined;
  if (unwritable) { io.err(`rulesmith simulate: ${unwritable}\n`); return 2; }
  const range = shard ? shardRange(games, shard) : [1, games] as [number, number];
  const pool = new GamePool(workers);
  // Ctrl-C ends the run early and reports the games finished, instead of losing them.
  const release = pool.stopOn(io);
  // Worker threads start now and load their modules and the rules while this thread checks them.
  pool.prestart(range[1] - range[0] + 1, path, args.values.root);
  try {
    return await simulateWith(pool, path, games, range, shard, args.values, argv, io, progress);
  } finally {
    release();
    await pool.close();
    if (args.values.verbose) io.err(formatPoolReport(pool.report(), args.values.json));
  }
}

async function simulateWith(pool: GamePool, path: string, games: number, range: [number, number], shard: Shard | undefined, values: Values, argv: string[], io: Io, progress: Progress): Promise<number> {
  const program = programFor(path, io, undefined, values.root);
  if (typeof program === 'number') return program;
  const command = ['rulesmith simulate', ...argv].join(' ');
  if (values.compare !== undefined) {
    const other = programFor(values.compare, io, undefined, values.root);
    if (typeof other === 'number') return other;
    const sides = [{ path, program }, { path: values.compare, program: other }] as const;
    // A variant given first, its base to --compare: the figures are the variant's change reversed.
    const note = reversedNote('simulate', ...sides);
    // The changes (and the note) go with the shard for a merged report; the merged JSON does not print them.
    if (shard) return comparisonShard('simulate', shard, ...sides, { ...values, games, range }, io, progress, pool, { changes: diffRulesets(program.data, other.data), ...(note ? { note } : {}) });
    const c = await runComparison('simulate', ...sides, { ...values, games }, io, progress, pool);
    if (typeof c === 'number') return c;
    const names = bothNames(...sides);
    const report = writeReport('simulate', values.report, { title: `${path} against ${values.compare}${interruptedTitle(c.interrupted)}`, command, base: path, variant: values.compare, ...(note ? { note } : {}), changes: diffRulesets(program.data, other.data), comparison: c, names }, io);
    if (values.json && note) io.err(`rulesmith simulate: ${note}\n`);
    io.out(values.json ? `${JSON.stringify(c, null, 2)}\n` : `${interruptedLine(c.interrupted, true)}${formatComparison(c, path, values.compare, note, names)}`);
    return report ? comparisonExit(c) : 2;
  }
  const options = parseOptions(program, values.option, io);
  if (typeof options === 'number') return options;
  const agents = splitAgentSpecs(values.agents);
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) {
    io.err(`rulesmith simulate: --agents, per seat (comma-separated): ${bad.error}\n`);
    return 2;
  }
  const total = range[1] - range[0] + 1;
  const plan: SimulationPlan = { path, seed: values.seed, options, agents, ...(values.players !== undefined ? { players: Number(values.players) } : {}), ...(values.replays ? { replays: values.replays } : {}), ...(values.root !== undefined ? { root: values.root } : {}), ...(values['check-invariants'] ? { checkInvariants: true } : {}) };
  let done = 0;
  const cache = values.cache !== undefined ? new GameCache(values.cache) : undefined;
  const kept = { games: 0 };
  const records = await playKept(pool, cache, program, plan, range, () => progress(++done, total, kept.games), kept);
  if (cache && !('problems' in records)) io.err(cacheLine('simulate', plan, kept.games, records.length - kept.games, cache.dir));
  if ('problems' in records) {
    io.err(records.problems.map((p) => `rulesmith simulate: ${p}\n`).join(''));
    return 2;
  }
  const silent = pool.interrupted ? nothingToReport('simulate', records.length, total, shard !== undefined) : undefined;
  if (silent) {
    io.err(silent);
    return INTERRUPTED;
  }
  if (shard) {
    // Runtime errors in games are results: merge reports them (exit 1); the shard itself succeeded.
    const run = { path, ruleset: String(program.data.id ?? program.model.entry), hash: program.hash, seed: plan.seed, games, ...(plan.players !== undefined ? { players: plan.players } : {}), options, agents, names: sideNames(program.data) };
    io.out(shardJson(shardFile('simulate', shard, run, range, records)));
    return 0;
  }
  const interrupted = pool.interrupted ? { finished: records.length, asked: total } : undefined;
  const summary = { ...summarise(records, program), ...(interrupted ? { interrupted } : {}) };
  const names = sideNames(program.data);
  const report = writeReport('simulate', values.report, { title: `Simulation of ${path}${interruptedTitle(interrupted)}`, command, summary, names }, io);
  // The figures are printed even when the report could not be written: the games are not lost.
  io.out(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${interruptedLine(interrupted)}${formatSummary(summary, path, agents, names)}`);
  if (!report) return 2;
  if (interrupted) return INTERRUPTED;
  return summary.errors.count > 0 || (summary.invariants?.violations ?? 0) > 0 ? 1 : 0;
}
