import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { LIMITS } from './limits.ts';

/**
 * The piece and card limits (limits.ts), reported at the `count` that takes the running total past
 * the limit, so the designer sees which type or card made the game too large.
 */
export function checkSizes(ctx: CheckContext): void {
  let pieces = 0;
  for (const [id, p] of entries(ctx.model.data.pieces)) {
    if (!isRecord(p) || typeof p.count !== 'number') continue;
    pieces += p.count;
    if (pieces > LIMITS.pieces) {
      ctx.atValue(['pieces', id, 'count'], {
        code: 'too-many-pieces',
        message: `With \`${id}\` the ruleset has ${pieces.toLocaleString('en-US')} pieces; at most ${LIMITS.pieces.toLocaleString('en-US')} are allowed.`,
        hint: 'Lower the `count` of the piece types; a game needs each piece it tracks.',
      });
      break;
    }
  }
  let cards = 0;
  for (const [id, deck] of entries(ctx.model.data.decks)) {
    if (!isRecord(deck) || !Array.isArray(deck.cards)) continue;
    for (const [i, card] of deck.cards.entries()) {
      if (!isRecord(card)) continue;
      cards += typeof card.count === 'number' ? card.count : 1;
      if (cards <= LIMITS.cards) continue;
      ctx.atValue(['decks', id, 'cards', i, typeof card.count === 'number' ? 'count' : 'id'], {
        code: 'too-many-cards',
        message: `With this card the decks hold ${cards.toLocaleString('en-US')} cards; at most ${LIMITS.cards.toLocaleString('en-US')} are allowed.`,
        hint: 'Lower the cards\' `count`; copies that play alike can be one card drawn again.',
      });
      return;
    }
  }
}
