/**
 * Replay files as `rulesmith replay` reads them (interpreter/cli/replay-file.ts): the ruleset's
 * path as the command line names it, the rules hash, the setup and every answer.
 */
import type { ReplayData } from './protocol.ts';

export const REPLAY_FORMAT = 'rulesmith-replay';

/** The path the command line is given for an entry: the game folder for a base ruleset. */
export function replayRulesetPath(entry: string): string {
  return entry.replace(/\/ruleset\.yaml$/, '');
}

/** A replay read from a file, or why it is not one. */
export function parseReplay(text: string): ReplayData | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON (${(e as Error).message})` };
  }
  const r = data as Partial<ReplayData> | null;
  if (!r || r.format !== REPLAY_FORMAT || r.version !== 1) return { error: 'not a rulesmith replay (format "rulesmith-replay", version 1)' };
  if (!r.setup || typeof r.setup !== 'object' || !Array.isArray(r.decisions)) return { error: 'the replay has no setup or decisions' };
  const seed = (r.setup as { seed?: unknown }).seed;
  if (typeof seed !== 'string' && typeof seed !== 'number') return { error: 'the replay setup has no seed' };
  return { format: REPLAY_FORMAT, version: 1, ruleset: String(r.ruleset ?? ''), hash: String(r.hash ?? ''), setup: r.setup, decisions: r.decisions, result: r.result ?? null };
}

/** `{ winner: "protesters", level: "Decisive" }` → `Protesters — Decisive`, with side names. */
export function describeResult(result: unknown, names: Record<string, string>): string {
  if (result && typeof result === 'object' && 'winner' in result) {
    const r = result as { winner: unknown; level?: unknown };
    const winner = Array.isArray(r.winner) ? `tie: ${r.winner.map((w) => names[String(w)] ?? String(w)).join(', ')}` : r.winner === null ? 'no winner' : (names[String(r.winner)] ?? String(r.winner));
    return r.level !== undefined ? `${winner} — ${String(r.level)}` : winner;
  }
  return JSON.stringify(result);
}
