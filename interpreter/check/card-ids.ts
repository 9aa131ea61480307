import type { RulesetFile } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { entries, isRecord } from './context.ts';

/**
 * `unknown-name` for a card's id used as a name (`if c == secret_plan`): cards are not names in
 * scripts (a deck holds several copies of one card), so the script compares the card's `id` with
 * the text. Said with the deck and the form to write.
 */
export function cardIdReport(data: RulesetFile, name: string): Report | undefined {
  for (const [deck, d] of entries(data.decks)) {
    if (!isRecord(d) || !Array.isArray(d.cards) || !d.cards.some((c) => isRecord(c) && c.id === name)) continue;
    return {
      code: 'unknown-name',
      message: `\`${name}\` is a card of deck \`${deck}\`, not a name: scripts tell cards by their \`id\` (a deck may hold several copies of one card).`,
      hint: `Compare the card's id with the text: \`c.id == "${name}"\`.`,
    };
  }
  return undefined;
}
