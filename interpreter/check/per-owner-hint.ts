import type { RulesetFile } from '../../grammar/index.ts';
import { isRecord } from './context.ts';
import type { Ty } from './types.ts';

const OWNERS = new Set(['player', 'side', 'area', 'piece']);

/**
 * `side.money` where `money` is one track for the whole game (a designer's walk): the member is
 * missing because the declaration has no `per: side`, not because the name is wrong. The hint for
 * `unknown-property` then says which of the two to change.
 */
export function perOwnerHint(data: RulesetFile, object: Ty, property: string): string | undefined {
  if (object.k !== 'entity' || !OWNERS.has(object.e)) return undefined;
  for (const section of ['tracks', 'variables', 'zones'] as const) {
    const decl = isRecord(data[section]) ? (data[section] as Record<string, unknown>)[property] : undefined;
    if (!isRecord(decl)) continue;
    const per = typeof decl.per === 'string' ? decl.per : 'global';
    const what = section === 'tracks' ? 'track' : section === 'variables' ? 'variable' : 'zone';
    if (per === object.e) return undefined;
    return per === 'global'
      ? `\`${property}\` is one ${what} for the whole game: read it as \`${property}\`, or add \`per: ${object.e}\` to its declaration to keep one for each ${object.e}.`
      : `\`${property}\` is a ${what} kept for each ${per}, not for each ${object.e}: read it from a ${per} (\`x.${property}\`), or change its \`per:\`.`;
  }
  return undefined;
}
