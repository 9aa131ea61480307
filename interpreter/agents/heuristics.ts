/**
 * The ruleset's declared heuristics (`heuristics:`) as rewards: each seat's score, squashed to a
 * chance of winning in [0, 1] by 1 / (1 + e^(-score / scale)). Evaluated only on games a search
 * agent was given (determinizations), never on the real one.
 */
import { EntityRef, record } from '../runtime/values.ts';
import type { Game } from '../runtime/game.ts';
import { toNumber } from '../runtime/values.ts';

/** Whether the ruleset declares a heuristic search can cut playouts with. */
export const hasHeuristic = (game: Game): boolean => {
  const h = game.program.data.heuristics;
  return h !== undefined && (h.score !== undefined || Object.keys(h.sides ?? {}).length > 0);
};

/** Every seat's reward by the heuristic; null without one (or for a seat it does not score). */
export function heuristicRewards(game: Game): Map<string, number> | null {
  const h = game.program.data.heuristics;
  if (!h || !hasHeuristic(game)) return null;
  const scale = typeof h.scale === 'number' && h.scale > 0 ? h.scale : 1;
  const rt = game.rt;
  const out = new Map<string, number>();
  const bySide = new Map<string, number>();
  for (const p of game.state.players) {
    let score: number | undefined;
    if (h.per === 'player') score = toNumber(rt.evalSite(['heuristics', 'score'], record([['player', rt.ref('player', p.id)]])) ?? null);
    else if (p.side !== null) {
      if (!bySide.has(p.side)) {
        const path = h.sides?.[p.side] !== undefined ? ['heuristics', 'sides', p.side] : ['heuristics', 'score'];
        const side: EntityRef = rt.ref('side', p.side);
        bySide.set(p.side, toNumber(rt.evalSite(path, record([['side', side]])) ?? null) ?? 0);
      }
      score = bySide.get(p.side);
    }
    out.set(p.id, 1 / (1 + Math.exp(-(score ?? 0) / scale)));
  }
  return out;
}
