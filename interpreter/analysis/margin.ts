import { heuristicScores } from '../agents/heuristics.ts';
import type { Game } from '../runtime/game.ts';

/**
 * The score margin of a finished game, for comparing rule sets: the result's own numeric
 * `margin` when the ruleset reports one (as it defines it, sign included), else the spread of the
 * ruleset's `heuristics:` scores at the end, the top seat's (or side's) score minus the next one's.
 * Null when there is neither.
 */
export function scoreMargin(game: Game): number | null {
  const result = game.result;
  if (result && typeof result === 'object' && typeof (result as { margin?: unknown }).margin === 'number') return (result as { margin: number }).margin;
  let scores;
  try {
    scores = heuristicScores(game);
  } catch {
    // A heuristic that cannot be read at the end (it names something gone) gives no margin.
    return null;
  }
  if (!scores) return null;
  // One score per side when seats share a side, so a 2-vs-2 game compares the sides.
  const bySeat = new Map<string, number>();
  for (const p of game.state.players) {
    const s = scores.get(p.id);
    if (s !== undefined) bySeat.set(p.side ?? p.id, s);
  }
  const sorted = [...bySeat.values()].sort((a, b) => b - a);
  return sorted.length >= 2 ? sorted[0]! - sorted[1]! : null;
}

/** Which side each seat played (`p1 → red`), null for a seat without a side. */
export function seatSides(game: Game): Record<string, string | null> {
  return Object.fromEntries(game.state.players.map((p) => [p.id, p.side]));
}
