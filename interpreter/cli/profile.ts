import { parseCli } from './args.ts';
import { relative } from 'node:path';
import { agentFromSpec, splitAgentSpecs } from '../agents/index.ts';
import type { DataPath } from '../load/model.ts';
import { RulesProfile, type ProfileEntry } from '../runtime/profile.ts';
import { FLOW_KEY, type Program } from '../runtime/program.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import { playGame, type SimulationPlan } from './simulate-games.ts';

export const PROFILE_USAGE = `Usage: rulesmith profile <ruleset> [--games N] [--seed S] [--players N] [--option k=v…]
                        [--agents random|easy|normal|hard|mcts:…] [--top N] [--json] [--root DIR]

Plays N games (game i with seed "S:i", as simulate does) and prints where the rules spent their
time: each procedure, action, phase, table cell or other script with its calls, its own time
(self) and its time with the scripts it started (total), the slowest first. With search bots the
games their search plays out are counted too, so it also says what makes bots slow on a ruleset.
Times are wall-clock on this thread; the figures vary with the machine's load, the shares less.
Exit 0; 1 when the ruleset has errors or a game stopped with one; 2 on usage errors.`;

const OPTIONS = { games: { type: 'string', default: '50' }, seed: { type: 'string', default: 'profile' }, players: { type: 'string' }, option: { type: 'string', multiple: true }, agents: { type: 'string', default: 'random' }, top: { type: 'string', default: '20' }, json: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

/** One script's line of a profile, as `--json` prints it. */
export interface ProfileLine {
  /** What it is, in the ruleset's words: `procedure reach`, `action march: options of unit`. */
  name: string;
  /** Where it is written (`file:line`), when it is a script of the ruleset's files. */
  at: string | null;
  calls: number;
  selfMs: number;
  totalMs: number;
  /** Shares of the time the games took. */
  self: number;
  total: number;
  /** The game's flow (phases, menus, questions) rather than one script. */
  flow: boolean;
}

export function runProfile(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    io.err(`rulesmith profile: ${(e as Error).message}\n\n${PROFILE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${PROFILE_USAGE}\n`); return 0; }
  const [path, extra] = args.positionals;
  const games = Number(args.values.games);
  const top = Number(args.values.top);
  const players = args.values.players === undefined ? undefined : Number(args.values.players);
  if (!path || extra !== undefined || !Number.isInteger(games) || games < 1 || !Number.isInteger(top) || top < 1 || (players !== undefined && !Number.isInteger(players))) {
    io.err(`rulesmith profile: give a ruleset, a positive --games and --top, and a whole --players\n\n${PROFILE_USAGE}\n`);
    return 2;
  }
  const agents = splitAgentSpecs(args.values.agents);
  const bad = agents.map((k) => agentFromSpec(k, 'check')).find((a) => 'error' in a) as { error: string } | undefined;
  if (bad) { io.err(`rulesmith profile: --agents, per seat (comma-separated): ${bad.error}\n`); return 2; }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;

  const plan: SimulationPlan = { path, seed: args.values.seed, options, agents, ...(players !== undefined ? { players } : {}) };
  const profile = new RulesProfile();
  const start = profile.now();
  let errors = 0;
  for (let i = 1; i <= games; i++) {
    const record = playGame(program, plan, i, profile);
    if ('problems' in record) { io.err(`rulesmith profile: ${record.problems.join('; ')}\n`); return 1; }
    if (record.status === 'error') errors++;
    io.progress?.(i, games);
  }
  const wall = profile.now() - start;
  const lines = profileLines(program, profile, wall);
  if (args.values.json) {
    io.out(`${JSON.stringify({ games, agents, seed: plan.seed, ms: wall, errors, scripts: lines }, null, 2)}\n`);
    return errors ? 1 : 0;
  }
  io.out(formatProfile(path, games, agents, wall, errors, lines, top));
  return errors ? 1 : 0;
}

/** Every script the games ran, slowest first by its own time. */
export function profileLines(program: Program, profile: RulesProfile, wall: number): ProfileLine[] {
  return [...profile.entries.values()]
    .sort((a, b) => b.self - a.self || a.key.localeCompare(b.key))
    .map((e) => line(program, e, wall));
}

function line(program: Program, e: ProfileEntry, wall: number): ProfileLine {
  const path = program.scripts.get(e.key)?.path;
  const where = path ? program.model.rangeOf(path) : undefined;
  return {
    name: e.key === FLOW_KEY ? 'the flow: phases, action menus, questions' : path ? scriptName(program, path) : e.key,
    at: where ? `${relative(process.cwd(), where.file) || where.file}:${where.range.start.line}` : null,
    calls: e.calls,
    selfMs: e.self,
    totalMs: e.total,
    self: wall > 0 ? e.self / wall : 0,
    total: wall > 0 ? e.total / wall : 0,
    flow: e.key === FLOW_KEY,
  };
}

/** A script's data path in the ruleset's words (phases by their ids, cards by theirs). */
export function scriptName(program: Program, path: DataPath): string {
  const [section, id, ...rest] = path.map(String);
  const tail = rest.join('.');
  switch (section) {
    case 'procedures': return `procedure ${id}`;
    case 'actions':
      if (rest[0] === 'params') return `action ${id}: ${rest[2] === 'prompt' ? 'question' : 'options'} of ${rest[1]}`;
      return rest[0] === 'do' ? `action ${id}` : `action ${id}: ${tail}`;
    case 'victory': return `victory: ${[id, ...rest].join('.')}`;
    case 'tables': return `table ${id}: ${tail}`;
    case 'setup': {
      // One script for the whole set-up (`setup: |`), or a list of steps.
      if (id === undefined) return 'setup';
      const step = (program.data.setup as unknown[] | undefined)?.[Number(id)] as { id?: unknown } | undefined;
      return `setup ${typeof step?.id === 'string' ? step.id : id}: ${tail}`;
    }
    case 'decks': {
      const card = (program.data.decks as Record<string, { cards?: Array<{ id?: unknown }> }> | undefined)?.[id!]?.cards?.[Number(rest[1])];
      return rest[0] === 'cards' ? `card ${typeof card?.id === 'string' ? card.id : rest[1]} of ${id}: ${rest.slice(2).join('.')}` : `deck ${id}: ${tail}`;
    }
    case 'flow': return flowName(program, path.slice(1));
    default: return path.join('.');
  }
}

/** `flow.phases.2.steps.1.do` as `phase combat › melee: do`. */
function flowName(program: Program, path: DataPath): string {
  const ids: string[] = [];
  let node: unknown = program.data.flow;
  let i = 0;
  for (; i + 1 < path.length && (path[i] === 'phases' || path[i] === 'steps'); i += 2) {
    node = (node as Record<string, unknown[]> | undefined)?.[path[i] as string]?.[Number(path[i + 1])];
    const id = (node as { id?: unknown } | undefined)?.id;
    ids.push(typeof id === 'string' ? id : String(path[i + 1]));
  }
  const what = path.slice(i).join('.');
  return ids.length ? `phase ${ids.join(' › ')}: ${what}` : `flow: ${what}`;
}

export function formatProfile(path: string, games: number, agents: string[], wall: number, errors: number, lines: ProfileLine[], top: number): string {
  const inScripts = lines.reduce((n, l) => n + l.selfMs, 0);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const out = [
    `Profile of ${path}: ${games} game${games === 1 ? '' : 's'} with ${agents.join(', ')} agents in ${(wall / 1000).toFixed(2)} s${errors ? ` (${errors} stopped with an error)` : ''}.`,
    `${pct(wall > 0 ? inScripts / wall : 0)} of it ran the rules' scripts; the rest is the game's own work and the bots' (answering, copying games for a search).`,
    '',
    '   self   total      calls   µs/call  script',
  ];
  for (const l of lines.slice(0, top)) {
    // The flow is started once a game, and a search bot's copies go on with it without starting it: no time per call.
    const perCall = l.calls > 0 && !l.flow ? ((l.totalMs * 1000) / l.calls).toFixed(1) : '—';
    out.push(`${pct(l.self).padStart(7)} ${pct(l.total).padStart(7)} ${l.calls.toLocaleString('en-US').padStart(10)} ${perCall.padStart(9)}  ${l.name}${l.at ? `  (${l.at})` : ''}`);
  }
  if (lines.length > top) out.push(`… ${lines.length - top} more (--top N)`);
  out.push('', 'self: the script\'s own work; total: with the scripts it started (procedures it called, lists it asked for).');
  return `${out.join('\n')}\n`;
}
