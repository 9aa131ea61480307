/**
 * Replay files as `rulesmith replay` reads them (interpreter/analysis/replay-file.ts, a module with
 * no dependencies, so the main thread can check a file without loading the interpreter).
 */
import { replayPathOutside, replayProblem } from '../../interpreter/analysis/replay-file.ts';
import { resultText } from '../../interpreter/runtime/result-text.ts';
import type { ReplayData } from './protocol.ts';

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
  const problem = replayProblem(data);
  if (problem) return { error: problem };
  const stray = replayPathOutside(data as ReplayData);
  // The editor plays a replay with the open rules, but a file naming paths outside is not trusted at all.
  if (stray !== undefined) return { error: `a replay that carries a file outside its ruleset's folder ('${stray}'; include-outside-root)` };
  return data as ReplayData;
}

/** `{ winner: "protesters", level: "Decisive" }` → `Protesters win (Decisive).`, with side and player names. */
export function describeResult(result: unknown, names: Record<string, string>): string {
  return resultText(result, (id) => names[id] ?? id);
}
