/**
 * What counts as acting on the game, for the read-only checks of previews and invariants
 * (check/preview.ts) and for purity (compile/purity.ts).
 */

/** Built-ins that act on the game or its generator: an invariant that used them would change the game it checks. */
export const ACTING_BUILTINS: ReadonlySet<string> = new Set(['resolve', 'shuffled']);

/** What each expression kind that acts (rolls, draws, asks) is called in a diagnostic. */
export const ACTING_KINDS: Readonly<Record<string, string>> = {
  dice: 'rolls dice',
  'roll-on': 'rolls on a table',
  draw: 'draws cards',
  choose: 'asks a player to choose',
};
