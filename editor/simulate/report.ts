/**
 * The Simulate view's results as the HTML report `rulesmith simulate --report` writes (one
 * self-contained file, inline SVG, nothing fetched: interpreter/analysis/report.ts), to share with
 * a playtest group, with the command that plays the same games from a terminal.
 */
import { compareRecordSets } from '../../interpreter/analysis/compare.ts';
import { renderReport, type ReportInput } from '../../interpreter/analysis/report.ts';
import { bothFinished } from './compare.ts';
import type { GameRecord, SimulationPlan, SimulationSummary } from './protocol.ts';

/** What the report reads of a run on screen (a `SimRun` of the simulation controller). */
export interface ReportRun {
  entry: string;
  label: string;
  name?: string;
  hash?: string;
  /** By game number; holes are games not finished. */
  records: ReadonlyArray<GameRecord | undefined>;
  summary?: SimulationSummary;
  /** Sides' names by id, as its worker compiled them (`sideNames`). */
  sides?: Record<string, string>;
}

/** `rulesmith simulate …` with this plan: the same seeds, bots, players and options. */
export function simulateCommand(entries: readonly string[], plan: SimulationPlan, games: number): string {
  const quote = (s: string) => (/^[\w./:,=+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const [first, second] = entries;
  const parts = ['npx', 'rulesmith', 'simulate', quote(first ?? '')];
  if (second) parts.push('--compare', quote(second));
  parts.push('--games', String(games), '--seed', quote(plan.seed));
  if (plan.agents?.length) parts.push('--agents', quote(plan.agents.join(',')));
  if (plan.players !== undefined) parts.push('--players', String(plan.players));
  for (const [id, value] of Object.entries(plan.options)) parts.push('--option', quote(`${id}=${typeof value === 'string' ? value : JSON.stringify(value)}`));
  return parts.join(' ');
}

/**
 * The report of the runs on screen: a variant and its base compared over the games both have
 * finished (paired by seed, as the CLI compares them), or one run's summary. Undefined until a
 * game has ended in each run. `asked`: games per ruleset the run was started with.
 */
export function simulationReport(runs: readonly ReportRun[], plan: SimulationPlan, asked: number): { fileName: string; html: string } | undefined {
  const [first, second] = runs;
  if (!first?.summary) return undefined;
  const slug = (entry: string) => entry.slice(entry.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  if (!second) {
    const input: ReportInput = { title: `Simulation of ${first.name ?? first.label}`, command: simulateCommand([first.entry], plan, asked), summary: first.summary, names: first.sides ?? {} };
    return { fileName: `${slug(first.entry)}-simulation.html`, html: renderReport(input) };
  }
  if (!second.summary) return undefined;
  // Runs are the variant first, then its base; the CLI's comparison is base, then variant.
  const [variant, base] = [first, second];
  const { variant: v, base: b } = bothFinished(variant.records, base.records);
  if (v.length === 0) return undefined;
  const comparison = compareRecordSets(
    { records: b, ruleset: base.summary!.ruleset, hash: base.hash ?? '' },
    { records: v, ruleset: variant.summary!.ruleset, hash: variant.hash ?? '' },
    { seed: plan.seed, agents: plan.agents?.length ? plan.agents : ['random'] },
  );
  // Cancelled: the figures are of the games both finished; the command plays all that were asked.
  const part = v.length < asked ? ` (${v.length} of ${asked} games, cancelled)` : '';
  const input: ReportInput = {
    title: `${variant.name ?? variant.label} against ${base.name ?? base.label}${part}`,
    command: simulateCommand([base.entry, variant.entry], plan, asked),
    base: base.entry,
    variant: variant.entry,
    comparison,
    names: { ...base.sides, ...variant.sides },
  };
  return { fileName: `${slug(variant.entry)}-report.html`, html: renderReport(input) };
}
