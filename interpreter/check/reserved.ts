import { constants, keywords, wordOperators } from '../../grammar/index.ts';
import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';

const WORDS = new Set([...keywords, ...wordOperators, ...constants]);
// `d6`, `2d10`: a script reads these as rolls of dice (grammar/tokens.ts, DiceRoll).
const ROLL = /^\d*d\d+$/;
export const RESERVED = { has: (name: string) => WORDS.has(name) || ROLL.test(name) };
const SECTIONS = ['sides', 'options', 'dice', 'pieces', 'tracks', 'variables', 'zones', 'decks', 'tables', 'procedures', 'actions'] as const;

/**
 * Ids and parameter names that are reserved words (`to`, `where`, `end`…) can never be written in
 * a script, so defining them is an error where they are defined, not a puzzling syntax error later.
 */
export function checkReservedNames(ctx: CheckContext): void {
  const d = ctx.model.data;
  const report = (path: Array<string | number>, name: string, key: boolean) =>
    (key ? ctx.atKey.bind(ctx) : ctx.atValue.bind(ctx))(path, {
      code: 'reserved-name',
      message: ROLL.test(name) ? `\`${name}\` reads as a roll of dice in a script, so no script could refer to it.` : `\`${name}\` is a word of the rules language, so no script could refer to it.`,
      hint: `Choose another name (for example \`${name}_\` or a longer word).`,
    });
  for (const section of SECTIONS) for (const [id] of entries(d[section])) if (RESERVED.has(id)) report([section, id], id, true);
  for (const [id] of entries(d.map?.areas)) if (RESERVED.has(id)) report(['map', 'areas', id], id, true);
  for (const [id, p] of entries(d.procedures)) {
    if (isRecord(p) && Array.isArray(p.params)) p.params.forEach((name, i) => RESERVED.has(String(name)) && report(['procedures', id, 'params', i], String(name), false));
  }
  for (const [id, a] of entries(d.actions)) {
    for (const [name] of entries(isRecord(a) ? a.params : undefined)) if (RESERVED.has(name)) report(['actions', id, 'params', name], name, true);
  }
}
