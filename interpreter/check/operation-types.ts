import type { Expr, Span } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { ANY, describe, join, listOf, mayBeEntity, TEXT, type EntityKind, type Ty } from './types.ts';

/** Where pieces (and cards) can be: what `locationKey` takes at run time. */
const PLACES: readonly EntityKind[] = ['area', 'zone', 'hex'];

/**
 * What the statements that act on pieces accept, as the runtime does (runtime/pieces.ts): a value
 * of another kind stops the game every time the statement runs. Unknown values (`any`), text
 * (which may name an area or zone) and a `none` that may stand for a value not yet set pass.
 */

/** Where pieces go (`move … to`, `place … in`, `remove … to`): an area, a zone or a hex. */
export function placeReport(t: Ty, what: string): Report | undefined {
  if (mayBeEntity(t, PLACES, true)) return undefined;
  return {
    code: 'type-mismatch',
    message: `${what} must be an area, a zone or a hex, but this is ${describe(t)}.`,
    hint: t.k === 'entity' && t.e === 'piece' ? 'For where a piece is, write its `.area` (or `.location`).' : 'Name an area, a zone or a hex (`neighbours(u.area)` lists areas to choose from).',
  };
}

/**
 * What `move`, `place` and `remove` act on: a piece or a list of them; `place` also takes a piece
 * type (its unplaced pieces), `remove` cards.
 */
export function piecesReport(t: Ty, verb: 'moved' | 'placed' | 'removed'): Report | undefined {
  const kinds: EntityKind[] = verb === 'placed' ? ['piece', 'piece-type'] : verb === 'removed' ? ['piece', 'card'] : ['piece'];
  const one = (x: Ty): boolean => mayBeEntity(x, kinds);
  if (one(t) || (t.k === 'list' && one(t.of))) return undefined;
  const what = verb === 'placed' ? 'a piece, a list of pieces or a piece type' : verb === 'removed' ? 'a piece, a card or a list of them' : 'a piece or a list of pieces';
  return {
    code: 'type-mismatch',
    message: `Only pieces can be ${verb}${verb === 'removed' ? ' (and cards)' : ''}: this must be ${what}, but it is ${describe(t)}.`,
    hint: t.k === 'entity' && t.e === 'area' ? 'For the pieces in an area, write `pieces_in(area)`.' : 'Give a piece (`first u in pieces where …`), or a list of them (`select u in pieces where …`).',
  };
}

/**
 * `xs[0]` or `xs[-1]` on a list: lists count from 1 and have no place 0 or below, so the value is
 * always `none` (and setting it stops the game).
 */
export function listIndexReport(list: Expr, key: Expr): Report | undefined {
  const n = key.kind === 'number' ? key.value : key.kind === 'unary' && key.op === '-' && key.operand.kind === 'number' ? -key.operand.value : undefined;
  if (n === undefined || n >= 1) return undefined;
  const name = list.kind === 'name' ? list.name : 'list';
  return {
    code: 'index-from-one',
    message: `Lists count from 1: \`${name}[${n}]\` is always \`none\`.`,
    hint: `Write \`${name}[1]\` for the first item, \`${name}[size(${name})]\` for the last.`,
    ...(n === 0 ? { fix: '1' } : {}),
  };
}

/** An argument where a built-in wants an area (`neighbours(u)`), or a place to look in (`pieces_in(u)`). */
export function placeArgReport(callee: string, i: number, param: Ty, t: Ty): Report | undefined {
  if (callee === 'pieces_in') return placeReport(t, 'What `pieces_in` looks in');
  if (param.k !== 'entity' || param.e !== 'area') return undefined;
  if (mayBeEntity(t, ['area'], true)) return undefined;
  return {
    code: 'type-mismatch',
    message: `Argument ${i + 1} of \`${callee}\` must be an area, but this is ${describe(t)}.`,
    hint: t.k === 'entity' && t.e === 'piece' ? 'For the area a piece is in, write its `.area`.' : 'Pass an area.',
  };
}

/** What `discard` (a card or a list of cards) and `put` (one card) act on. */
export function cardsReport(t: Ty, verb: 'discarded' | 'put on a deck'): Report | undefined {
  const one = (x: Ty): boolean => mayBeEntity(x, ['card']);
  if (one(t) || (verb === 'discarded' && t.k === 'list' && one(t.of))) return undefined;
  return {
    code: 'type-mismatch',
    message: `Only cards can be ${verb}, but this is ${describe(t)}.`,
    hint: t.k === 'entity' && t.e === 'piece' ? 'Pieces leave play with `remove … from game` (or move to a zone).' : 'Give a card (`draw from deck`, `c` of `for each c in player.hand.cards`).',
  };
}

/**
 * Where `draw … into` puts the cards: a zone (a hand). Anything else — a player, a list variable —
 * is no place: drawn from a zone the game stops, drawn from a deck the cards went nowhere.
 */
export function drawIntoReport(t: Ty, zones: unknown): Report | undefined {
  if (t.k === 'entity' && t.e === 'zone' && t.id !== undefined) return defaultPublicReport(t.id, zones);
  if (mayBeEntity(t, PLACES)) return undefined;
  return {
    code: 'type-mismatch',
    message: `Cards are drawn into a zone (a hand), but this is ${describe(t)}.`,
    hint: t.k === 'entity' && t.e === 'player' ? 'Draw into the player\'s hand: `into p.hand`.' : 'Name a zone (`into player.hand`), or keep the drawn cards in a variable: `let c = draw …`.',
  };
}

/**
 * `+` other than on numbers: texts join, lists join (`p.hand.cards + p.discard.cards`, items of
 * the left then the right). A list beside a number or text is reported here, with `append` for one
 * item; undefined leaves the operands to the number check.
 */
export function plusType(l: Ty, r: Ty, spans: [Span, Span], report: (span: Span, r: Report) => void): Ty | undefined {
  if (l.k === 'text' && r.k === 'text') return TEXT;
  if (l.k === 'list' && r.k === 'list') return join(l, r);
  if (l.k === 'list' && r.k === 'any') return l;
  if (r.k === 'list' && l.k === 'any') return r;
  if (l.k !== 'list' && r.k !== 'list') return undefined;
  const [other, span] = l.k === 'list' ? [r, spans[1]] : [l, spans[0]];
  report(span, {
    code: 'type-mismatch',
    message: `\`+\` joins two lists, or adds two numbers; this side is ${describe(other)} and the other a list.`,
    hint: l.k === 'list' ? 'To add one item to a list, write `append(list, item)`; to join lists, make both sides lists (`list + [item]`).' : 'To add one item to a list, write `append(list, item)`.',
  });
  return ANY;
}

/**
 * Cards drawn into a zone of each player or side that says nothing of who sees it: zones are public
 * by default, so every seat reads that hand (a designer's walk wrote `hand: { per: player }` and
 * every seat saw every hand, with nothing said). A zone that says `visibility: public` means it.
 */
function defaultPublicReport(id: string, zones: unknown): Report | undefined {
  const zone = zones !== null && typeof zones === 'object' ? (zones as Record<string, unknown>)[id] : undefined;
  if (zone === null || typeof zone !== 'object' || 'visibility' in zone) return undefined;
  const per = (zone as { per?: unknown }).per;
  if (per !== 'player' && per !== 'side') return undefined;
  return {
    code: 'zone-public-by-default',
    severity: 'warning',
    message: `Every seat sees the cards drawn into \`${id}\`: it is a zone of each ${per} that declares no \`visibility\`, and zones are public unless they say otherwise.`,
    hint: `For a hand, declare \`visibility: owner\` on \`zones.${id}\` (its ${per} sees it); write \`visibility: public\` if every seat is meant to see these cards.`,
  };
}
