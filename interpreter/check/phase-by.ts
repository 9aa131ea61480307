import type { CheckContext } from './context.ts';
import { didYouMean } from './suggest.ts';

/** The forms `flow.phases[].by` takes besides a side's id, with what each means. */
const FORMS: ReadonlyMap<string, string> = new Map([
  ['each player', 'the players one after another (in turn order)'],
  ['each side', 'the sides one after another'],
  ['all', 'every seat at once (none of them active)'],
]);
const FORM_LIST = '`each player`, `each side` or `all`';
const EACH = new Set(['each', 'every', 'per', 'for each', 'for every']);
const ALL = new Set(['everyone', 'everybody', 'simultaneous', 'simultaneously', 'together', 'all at once', 'all together', 'all simultaneously']);
const NOUNS: ReadonlyMap<string, 'player' | 'side'> = new Map([
  ['player', 'player'], ['players', 'player'], ['seat', 'player'], ['seats', 'player'],
  ['side', 'side'], ['sides', 'side'], ['faction', 'side'], ['factions', 'side'],
]);

/**
 * `by:` that names no side: said with the forms it takes, and the one it is written close to
 * (`every side`, `Each Player`, `each_side`, `everyone`) as the quick fix. `all players` reads as
 * both a turn each and all at once, so it is told both; a near side id is offered as for other
 * references.
 */
export function checkPhaseBy(ctx: CheckContext, path: Array<string | number>, value: string, sides: ReadonlySet<string>): void {
  if (sides.has(value) || FORMS.has(value)) return;
  const meant = formMeant(value);
  const dym = meant === undefined ? didYouMean(value, [...FORMS.keys(), ...sides]) : undefined;
  const suggestion = typeof meant === 'string' ? meant : dym?.suggestion;
  const none = `\`by: ${value}\` names no side and is none of the forms \`by\` takes (a side's id, ${FORM_LIST}).`;
  if (Array.isArray(meant)) {
    const [each, meaning] = meant;
    ctx.atValue(path, { code: 'unknown-reference', message: none, hint: `Write \`${each}\` for ${meaning}, or \`all\` for ${FORMS.get('all')}.` });
  } else if (suggestion !== undefined && FORMS.has(suggestion)) {
    ctx.atValue(path, { code: 'unknown-reference', message: `${none} Did you mean \`${suggestion}\`?`, hint: `Replace it with \`${suggestion}\`: ${FORMS.get(suggestion)}.`, fix: suggestion });
  } else if (suggestion !== undefined) {
    ctx.atValue(path, { code: 'unknown-reference', message: `No side \`${value}\` is defined. Did you mean \`${suggestion}\`?`, hint: `Replace it with \`${suggestion}\`.`, fix: suggestion });
  } else {
    ctx.atValue(path, { code: 'unknown-reference', message: `No side \`${value}\` is defined, and \`by\` takes no other word than ${FORM_LIST}.`, hint: `Define it under \`sides\`, fix the spelling, or write ${FORM_LIST}.` });
  }
}

/** The form a phrase means (`every side` → `each side`); for `all players`, the turn-by-turn form and its meaning, since it may mean either. */
function formMeant(value: string): string | [string, string] | undefined {
  const words = value.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (FORMS.has(words)) return words;
  if (ALL.has(words)) return 'all';
  const m = /^(for each|for every|each|every|per|all|both)? ?(\S+)$/.exec(words);
  const noun = m ? NOUNS.get(m[2]!) : undefined;
  if (!m || !noun) return undefined;
  const each = `each ${noun}`;
  if (m[1] === 'all' || m[1] === 'both') return [each, FORMS.get(each)!];
  if (m[1] === undefined || EACH.has(m[1])) return each;
  return undefined;
}
