/**
 * A comparison of winners in one sentence, for a designer who asked "does my change matter?":
 * the winners whose share moved with 95% confidence; or that none did, and how large a change
 * the intervals still leave room for; or, when the games were paired by seed, that every seed had
 * the same winner under both rules. The CLI (`simulate --compare`, `diff --simulate`), the HTML
 * report and the editor's Simulate view all say it with this function.
 */
import { signed } from './figures.ts';

export interface VerdictRow {
  label: string;
  /** Variant share minus base share (0..1 scale). */
  diff: number;
  ci95: readonly [number, number];
}

export interface Verdict {
  kind: 'changed' | 'unclear' | 'same';
  text: string;
}

/**
 * `games`: of each rule set; `differ`: paired seeds whose winner differs (null when the games
 * were not paired seed by seed); `name` turns a winner label into words.
 */
export function winnersVerdict(games: number, differ: number | null, rows: readonly VerdictRow[], name: (label: string) => string = (l) => l, identical = false): Verdict | undefined {
  if (games === 0) return undefined;
  const each = `${games} game${games === 1 ? '' : 's'} of each`;
  const points = (v: number) => signed(v, (x) => (x * 100).toFixed(1));
  // Every game the same to the last decision: the bots may never have reached what changed (a
  // walk's random bots flew every aircraft off the map before a shot, so a gunnery rule never ran).
  if (differ === 0 && identical) return { kind: 'same', text: `Every one of the ${each} went exactly the same under both rules (the same winner, length and margin on every seed): these bots may never reach what the variant changes. \`rulesmith profile <variant>\` lists the scripts that run; stronger bots (\`--agents easy\`) play further into the rules.` };
  if (differ === 0) return { kind: 'same', text: `Every one of the ${each} had the same winner under both rules: on these seeds the change makes no difference to who wins.` };
  const moved = rows.filter((r) => r.ci95[0] > 0 || r.ci95[1] < 0);
  if (moved.length) {
    const list = moved.map((r) => `${name(r.label)} ${points(r.diff)} points (95% ${points(r.ci95[0])} to ${points(r.ci95[1])})`).join('; ');
    return { kind: 'changed', text: `The change moves who wins, with 95% confidence over ${each}: ${list}.` };
  }
  const room = Math.max(0, ...rows.map((r) => Math.max(Math.abs(r.ci95[0]), Math.abs(r.ci95[1]))));
  const other = differ === null ? '' : ` (${differ} had another winner)`;
  return {
    kind: 'unclear',
    text: `No clear change in who wins over ${each}${other}: every 95% interval includes zero, so a change of up to ${(room * 100).toFixed(1)} points either way is still possible. More games narrow the intervals.`,
  };
}
