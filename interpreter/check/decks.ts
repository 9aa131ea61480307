import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';

/** Deck checks: declared totals match the card counts; card ids unique; props declared. */
export function checkDecks(ctx: CheckContext): void {
  for (const [id, deck] of entries(ctx.model.data.decks)) {
    if (!isRecord(deck) || !Array.isArray(deck.cards)) continue;
    const seen = new Map<string, number>();
    let sum = 0;
    const fields = isRecord(deck.fields) ? Object.keys(deck.fields) : undefined;
    deck.cards.forEach((card, i) => {
      if (!isRecord(card)) return;
      const count = typeof card.count === 'number' ? card.count : 1;
      sum += count;
      if (typeof card.id === 'string') {
        const first = seen.get(card.id);
        if (first !== undefined) {
          ctx.atValue(['decks', id, 'cards', i, 'id'], { code: 'duplicate-id', message: `Card id \`${card.id}\` is used twice in deck \`${id}\` (first as card ${first + 1}).`, hint: 'Give each card its own id; use `count:` for copies of the same card.' });
        } else seen.set(card.id, i);
      }
      if (fields && isRecord(card.props)) {
        for (const key of Object.keys(card.props)) {
          if (fields.includes(key)) { fieldKind(ctx, id, i, card, key, (deck.fields as Record<string, unknown>)[key]); continue; }
          const dym = didYouMean(key, fields);
          ctx.atKey(['decks', id, 'cards', i, 'props', key], {
            code: 'unknown-field',
            message: `Deck \`${id}\` declares no field \`${key}\`.${dym.text}`,
            hint: dym.suggestion ? `Rename it to \`${dym.suggestion}\`.` : `Declare it under \`decks.${id}.fields\`, or remove it.`,
            ...(dym.suggestion ? { fix: dym.suggestion } : {}),
          });
        }
      }
    });
    if (typeof deck.total === 'number' && deck.total !== sum) {
      ctx.atValue(['decks', id, 'total'], {
        code: 'deck-count-mismatch',
        message: `Deck \`${id}\` declares ${deck.total} cards, but its cards' counts add up to ${sum}.`,
        hint: sum > deck.total ? `Remove ${sum - deck.total} card(s) or raise \`total\` to ${sum}.` : `Add ${deck.total - sum} card(s) or lower \`total\` to ${sum}.`,
      });
    }
  }
}

/** What a field's `type` says of a prop's YAML value, for the types the format names. */
const KINDS: Record<string, { is: (v: unknown) => boolean; words: string; example: string }> = {
  number: { is: (v) => typeof v === 'number', words: 'a number', example: '8' },
  boolean: { is: (v) => typeof v === 'boolean', words: 'true or false', example: 'true' },
  text: { is: (v) => typeof v === 'string', words: 'text', example: '"Spice"' },
};
KINDS.bool = KINDS.boolean!;
KINDS.string = KINDS.text!;

/** A card's prop of another kind than its deck's `fields` declare (`cost: "eight"`): arithmetic on it stops the game. */
function fieldKind(ctx: CheckContext, deck: string, i: number, card: Record<string, unknown>, key: string, field: unknown): void {
  const kind = isRecord(field) && typeof field.type === 'string' ? KINDS[field.type] : undefined;
  const value = (card.props as Record<string, unknown>)[key];
  if (!kind || value === null || value === undefined || kind.is(value)) return;
  const name = typeof card.id === 'string' ? `Card \`${card.id}\`` : `Card ${i + 1}`;
  ctx.atValue(['decks', deck, 'cards', i, 'props', key], {
    code: 'type-mismatch',
    message: `${name}'s \`${key}\` is ${typeof value === 'string' ? `the text "${value}"` : JSON.stringify(value)}, but deck \`${deck}\`'s fields make it ${kind.words}.`,
    hint: `Write ${kind.words} (\`${key}: ${kind.example}\`), or change the field's \`type\`.`,
  });
}
