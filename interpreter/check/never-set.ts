import type { Expr, Script } from '../../grammar/index.ts';
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
  for (const s of scripts) collectAssigned(s!, set, updated);
  for (const [id, v] of entries(ctx.model.data.variables)) {
    if (!isRecord(v) || (v.initial !== undefined && v.initial !== null) || set.has(id) || !(symbols.used.has(id) || updated.has(id))) continue;
    ctx.atKey(['variables', id], {
      code: 'never-set',
      message: `Variable \`${id}\` has no \`initial\` and no script sets it: it is none all game, never the ${String(v.type)} it is declared to hold.`,
      hint: `Give it an \`initial\` (a ${String(v.type)}), or set it in a script (\`${v.per ? `x.${id}` : id} = …\`) before it is read.`,
    });
  }
}

/**
 * Names an assignment anywhere in `node` gives a value (`=`: a name, a member's name `u.spent = …`,
 * an indexed value's root) into `set`, and the names only `+=` and `-=` change into `updated`: they
 * add to the value already there, which is none for a variable nothing set.
 */
function collectAssigned(node: object, set: Set<string>, updated: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) if (item && typeof item === 'object') collectAssigned(item, set, updated);
    return;
  }
  const n = node as { kind?: string; target?: Expr; op?: string };
  if (n.kind === 'assign' && n.target) {
    const into = n.op === '=' || n.target.kind === 'index' ? set : updated;
    let t: Expr = n.target;
    if (t.kind === 'member') into.add(t.property);
    while (t.kind === 'member' || t.kind === 'index') t = t.object;
    if (t.kind === 'name') into.add(t.name);
  }
  for (const key in node) {
    const v = (node as Record<string, unknown>)[key];
    if (v && typeof v === 'object') collectAssigned(v, set, updated);
  }
}
