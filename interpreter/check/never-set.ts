import type { Expr, Script } from '../../grammar/index.ts';
import { scriptFacts } from './script-facts.ts';
import { entries, isRecord, type CheckContext } from './context.ts';
import type { SymbolTable } from './symbols.ts';

/**
 * A variable that starts as `none` (no `initial`, or `initial: null`) and that no script sets is
 * `none` all game, never a value of the `type` it declares: every script that reads it as a
 * number, a piece or a list stops there, and `+=` or `-=` on it adds to none. Only said when every
 * script parsed (a script the parser gave up on may be where it is set) and when something reads
 * or changes it (an unused one is `unused-definition`).
 */
export function checkNeverSet(ctx: CheckContext, symbols: SymbolTable, scripts: ReadonlyArray<Script | Expr | null>): void {
  if (!ctx.model.data.flow || scripts.some((s) => s === null)) return;
  const set = new Set<string>();
  const updated = new Set<string>();
  for (const s of scripts) {
    const facts = scriptFacts(s!);
    for (const n of facts.set) set.add(n);
    for (const n of facts.updated) updated.add(n);
  }
  for (const [id, v] of entries(ctx.model.data.variables)) {
    if (!isRecord(v) || (v.initial !== undefined && v.initial !== null) || set.has(id) || !(symbols.used.has(id) || updated.has(id))) continue;
    ctx.atKey(['variables', id], {
      code: 'never-set',
      message: `Variable \`${id}\` has no \`initial\` and no script sets it: it is none all game, never the ${String(v.type)} it is declared to hold.`,
      hint: `Give it an \`initial\` (a ${String(v.type)}), or set it in a script (\`${v.per ? `x.${id}` : id} = …\`) before it is read.`,
    });
  }
}
