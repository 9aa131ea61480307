import { levelsLine, levelsOnly, resultLabel } from '../analysis/labels.ts';
import type { Share, SimulationSummary, Stats } from '../analysis/summary.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function table(title: string, rows: Share[], names: Record<string, string>): string {
  if (rows.length === 0) return '';
  const label = (r: Share) => resultLabel(r.label, names);
  const width = Math.max(...rows.map((r) => label(r).length), title.length);
  const lines = rows.map((r) => `  ${label(r).padEnd(width)}  ${String(r.count).padStart(6)}  ${pct(r.share).padStart(6)}  (95% CI ${pct(r.ci95[0])}–${pct(r.ci95[1])})`);
  return `${title}\n${lines.join('\n')}\n`;
}

const stat = (name: string, s: Stats) => `  ${name.padEnd(10)} mean ${s.mean.toFixed(2)}  median ${s.median}  p95 ${s.p95}  min ${s.min}  max ${s.max}\n`;

/** Agents that choose without looking ahead: their games say what chance alone does. */
const BLIND = new Set(['random', 'first']);

/**
 * What random play can and cannot tell, said under figures played by random bots only (the
 * default): a designer reading "one side wins 100%" should know it is not how people would fare.
 */
export function blindBotsNote(agents: readonly string[]): string {
  return agents.length > 0 && agents.every((a) => BLIND.has(a))
    ? 'These bots do not look ahead: the figures show what chance alone does, not who wins between\nsides that play to win (--agents easy, normal or hard search to win; seconds to minutes a game).\n'
    : '';
}

/**
 * The simulate summary as people read it, sides and seats by name (`names`, `sideNames`);
 * nothing in it depends on timing, so runs compare with diff.
 */
export function formatSummary(s: SimulationSummary, path: string, agents: readonly string[], names: Record<string, string> = {}): string {
  let out = `${path} (${s.ruleset}, rules ${s.hash})\n`;
  out += `games: ${s.games}, ended: ${s.ended}, runtime errors: ${s.errors.count}\n`;
  if (agents.length) out += `bots: ${agents.join(', ')}\n${blindBotsNote(agents)}`;
  out += '\n';
  out += table('winners', s.winners, names);
  const levels = levelsOnly(s.winners, s.outcomes);
  if (!levels) out += `\n${table('outcomes', s.outcomes, names)}`;
  else if (levels.length) out += `\n${levelsLine(levels, names)}\n`;
  // Of the games that ended: with none, zeros would read as games of no length.
  out += s.ended > 0 ? `\ngame length\n${stat('rounds', s.rounds)}${stat('decisions', s.decisions)}` : '\ngame length: no game ended\n';
  // A walk's turn order left empty by mistake: every player phase skipped, every game "won" at once.
  if (s.ended > 0 && s.decisions.max === 0) out += `  note: no game asked anyone anything (0 decisions in every game): if players should act, check who acts (\`flow.turn_order\`, each phase's \`by:\` and \`when:\`).\n`;
  if (s.errors.count) {
    out += `\nruntime errors (first ${s.errors.first.length})\n`;
    out += s.errors.first.map((e) => `  seed ${e.seed}: ${e.code}: ${e.message}${e.at ? ` (${e.at})` : ''}\n`).join('');
  }
  const inv = s.invariants;
  if (inv) {
    out += `
invariants: checked after every decision of ${inv.checked} games, ${inv.violations} with a violation\n`;
    for (const [id, n] of Object.entries(inv.byInvariant)) out += `  ${id}: ${n} games\n`;
    if (inv.first.length) out += `first violation per game (first ${inv.first.length})\n`;
    out += inv.first.map((v) => `  seed ${v.seed}, decision ${v.decision}: ${v.invariant}: ${v.message}${v.code === 'invariant-error' ? ' [invariant-error]' : ''}${v.at ? ` (${v.at})` : ''}\n`).join('');
  }
  return out;
}
