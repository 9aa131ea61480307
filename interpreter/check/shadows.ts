import type { CheckContext, Report } from './context.ts';
import type { SymbolKind, SymbolTable } from './symbols.ts';
import { isRecord } from './context.ts';

/**
 * `shadowed-state`: a local named like one of the game's tracks or variables. `let tension =
 * tension + 1` (a `let` out of habit where an assignment was meant) makes a new local and leaves
 * the track as it was, without a word; a procedure's or action's parameter of that name hides
 * the track or variable in its whole script. Other globals (tables, sides …) are not state a
 * script changes, and a name already local is the designer's own.
 */
export function shadowReport(name: string, kind: SymbolKind | undefined, how: 'let' | 'param'): Report | undefined {
  if (kind !== 'track' && kind !== 'variable') return undefined;
  return {
    severity: 'warning',
    code: 'shadowed-state',
    message: how === 'let'
      ? `\`${name}\` is a ${kind} of the game; this \`let\` makes a new local \`${name}\` that hides it to the end of the block, and the ${kind} is not changed.`
      : `Parameter \`${name}\` hides the game's ${kind} \`${name}\` in this script: \`${name}\` there is the value passed, and assigning it changes only that.`,
    hint: how === 'let' ? `To change the ${kind}, drop \`let\` (\`${name} = …\`); for a local of its own, give it another name.` : 'Give the parameter another name.',
    ...(how === 'let' ? { fix: name } : {}),
  };
}

/** Procedures' and actions' parameters named like a track or variable (see shadowReport). */
export function checkShadowingParams(ctx: CheckContext, symbols: SymbolTable): void {
  const d = ctx.model.data as Record<string, unknown>;
  for (const section of ['procedures', 'actions'] as const) {
    const defs = d[section];
    if (!isRecord(defs)) continue;
    for (const [id, def] of Object.entries(defs)) {
      const params = isRecord(def) ? def.params : undefined;
      const names = Array.isArray(params) ? params.map((p, i) => [String(p), i] as const) : isRecord(params) ? Object.keys(params).map((k) => [k, k] as const) : [];
      for (const [name, key] of names) {
        const r = shadowReport(name, symbols.lookup(name)?.kind, 'param');
        if (!r) continue;
        if (typeof key === 'number') ctx.atValue([section, id, 'params', key], r);
        else ctx.atKey([section, id, 'params', key], r);
      }
    }
  }
}
