/**
 * Stand-in ids for hidden pieces, and the order a decision's options are shown in. A piece's id is
 * made from its type (`militiaman_2`), so a seat it is hidden from sees `hidden-<n>` instead; n is
 * the piece's rank by a hash of the game's seed and its id, so it says nothing about its type, and
 * stays the same all game (a board can follow the counter). The game's generator is not touched.
 */
import type { Answer, DecisionRequest } from './decisions.ts';
import type { Game } from './game.ts';
import { seedRng } from './rng.ts';
import { pieceSpan, type SecretData, type MarkedText } from './secrets.ts';
import { EntityRef } from './values.ts';
import { pieceConcealed } from './visibility.ts';

const aliasCache = new WeakMap<Game, Map<string, string>>();

/** Every piece's alias, in alias order. */
export function aliasesOf(game: Game): Map<string, string> {
  let aliases = aliasCache.get(game);
  if (!aliases) {
    const ids = game.rt.pieceIds();
    const key = new Map(ids.map((id) => [id, seedRng(`piece-alias:${game.setup.seed}:${id}`)[0]]));
    const ranked = [...ids].sort((a, b) => key.get(a)! - key.get(b)! || (a < b ? -1 : 1));
    aliases = new Map(ranked.map((id, i) => [id, `hidden-${i + 1}`]));
    aliasCache.set(game, aliases);
  }
  return aliases;
}

/** The id a seat a piece is hidden from sees for it. */
export const pieceAlias = (game: Game, id: string): string => aliasesOf(game).get(id) ?? id;

const hiddenPiece = (game: Game, o: unknown): o is EntityRef => o instanceof EntityRef && o.kind === 'piece' && pieceConcealed(game.rt, o.id);

/**
 * The order options are shown in, for every seat: hidden pieces are sorted by alias among the
 * places they hold (the rules list them in declaration order, which would tell their types).
 * `order[shown index] = index in the request`; null when that is the request's own order.
 */
export function shownOrder(game: Game, req: DecisionRequest): number[] | null {
  if (req.kind === 'number') return null;
  const slots = req.options.flatMap((o, i) => (hiddenPiece(game, o) ? [i] : []));
  if (slots.length < 2) return null;
  const rank = new Map([...aliasesOf(game).keys()].map((id, i) => [id, i]));
  const rankOf = (slot: number): number => rank.get((req.options[slot] as EntityRef).id)!;
  const sorted = [...slots].sort((a, b) => rankOf(a) - rankOf(b));
  if (sorted.every((s, k) => s === slots[k])) return null;
  const order = req.options.map((_, i) => i);
  slots.forEach((slot, k) => (order[slot] = sorted[k]!));
  return order;
}

/** An answer given by shown index, as the request's own indices (anything malformed is left for `answer` to refuse). */
export function answerFromView(game: Game, answer: unknown): unknown {
  const order = game.pending && shownOrder(game, game.pending);
  if (!order) return answer;
  const own = (i: unknown): unknown => (typeof i === 'number' && order[i] !== undefined ? order[i] : i);
  return Array.isArray(answer) ? answer.map(own) : own(answer);
}

/** The decision's log line (chosen options in shown order), and its answer by shown index, as every seat saw the question. */
export function decisionText(game: Game, req: DecisionRequest, answer: Answer): { text: MarkedText; secret?: SecretData } {
  const rt = game.rt;
  const head = [`${rt.label(rt.ref('player', req.player))}: `, ...(req.promptParts ?? [req.prompt]), ' → '];
  if (req.kind === 'number') return { text: [...head, String(answer)] };
  const order = shownOrder(game, req);
  const shown = (i: number): number => (order ? order.indexOf(i) : i);
  const several = answer as number[];
  const chosen = req.kind === 'one' ? [answer as number] : order ? [...several].sort((a, b) => shown(a) - shown(b)) : several;
  const named = chosen.flatMap((i, k) => [...(k ? [', '] : []), optionText(game, req, i)]);
  const text = [...head, ...(named.length ? named : ['nothing'])];
  if (!order) return { text };
  const pieces = req.options.filter((o) => hiddenPiece(game, o)).map((o) => (o as EntityRef).id);
  return { text, secret: { data: { answer: Array.isArray(answer) ? answer.map(shown) : shown(answer) }, pieces, everyone: true } };
}

function optionText(game: Game, req: DecisionRequest, i: number): MarkedText[number] {
  const o = req.options[i];
  const label = req.labels[i] ?? String(i);
  return o instanceof EntityRef && o.kind === 'piece' ? pieceSpan(game.rt, o.id, 'label', label) : label;
}
