/**
 * Documented limits on what one ruleset may ask for (docs/language.md#limits). The checker reports
 * a ruleset past them with a positioned diagnostic; the runtime enforces them again, because a
 * game may be run from a model nobody checked, and the dice count of `(n)d6` is known only then.
 * They are generous: the largest shipped game uses 250 pieces, 44 cards in a deck and 5 dice a roll.
 */
export const LIMITS = {
  /** Dice in one roll (`1000d6`): more is a typo, and each die costs time and memory. */
  dicePerRoll: 1_000,
  /** Sides of one plain die (`d1000000`). */
  dieSides: 1_000_000,
  /** Pieces of all types together (the sum of `pieces.*.count`). */
  pieces: 10_000,
  /** Cards of all decks together (the sum of the cards' `count`). */
  cards: 10_000,
  /** Characters in one text a script builds (`"{s}{s}"` doubling in a loop would reach gigabytes). */
  textLength: 100_000,
} as const;

/** What is wrong with a roll of `count` dice of `sides` sides (absent for d66 and named dice), if anything. */
export function diceProblem(count: number | undefined, sides: number | undefined): { code: string; message: string; hint: string } | undefined {
  if (count !== undefined && count > LIMITS.dicePerRoll) {
    return { code: 'too-many-dice', message: `${count} dice in one roll; at most ${LIMITS.dicePerRoll.toLocaleString('en-US')} dice are rolled at once.`, hint: 'Roll fewer dice, or add up several smaller rolls.' };
  }
  if (sides !== undefined && sides > LIMITS.dieSides) {
    return { code: 'die-too-large', message: `A die with ${sides} sides; dice have at most ${LIMITS.dieSides.toLocaleString('en-US')}.`, hint: 'Use a die with fewer sides, or a table for the result.' };
  }
  return undefined;
}
