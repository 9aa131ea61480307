import type { Expr, Span } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { describe, type Ty } from './types.ts';

/**
 * `mixed-list-kinds`: a list written out whose items are entities of one kind but for one or a few
 * plain values (`[captain, scout, early_end]`, an option's true/false among piece types): a `for
 * each` or a choice over it reads members the odd item has not, and the game stops there. At least
 * two items of the one kind, and the others at most a third of the list; values of unknown kind
 * and `none` are not counted.
 */
export function oddListItems(items: readonly Expr[], kinds: readonly Ty[]): Array<[Span, Report]> {
  // The kind of entity most items are (at least two of them), and the items of other kinds.
  const counts = new Map<string, number>();
  for (const k of kinds) if (k.k === 'entity') counts.set(k.e, (counts.get(k.e) ?? 0) + 1);
  const [kind, n] = [...counts].reduce<[string | undefined, number]>((best, c) => (c[1] > best[1] ? c : best), [undefined, 0]);
  if (!kind || n < 2) return [];
  const odd = kinds.map((k, i) => [k, i] as const).filter(([k]) => k.k === 'bool' || k.k === 'number' || k.k === 'text' || (k.k === 'entity' && k.e !== kind));
  if (odd.length === 0 || odd.length * 3 > kinds.length) return [];
  const what = kind === 'piece-type' ? 'piece type' : kind;
  return odd.map(([k, i]): [Span, Report] => [items[i]!.span, {
    code: 'mixed-list-kinds',
    message: `This list holds ${what}s, but this item is ${describe(k)}.`,
    hint: `Check the name: the list's items are used alike (\`for each\`, a choice), and ${describe(k)} has none of ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${what}'s members.`,
  }]);
}
