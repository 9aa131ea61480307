import type { Expr, Script } from '../../grammar/index.ts';
import { entries, isRecord, type CheckContext } from './context.ts';
import type { SymbolTable } from './symbols.ts';

/**
 * A variable that starts as `none` (no `initial`, or `initial: null`) and that no script sets is
 * `none` all game, never a value of the `type` it declares: every script that reads it as a
 * number, a piece or a list stops there. Only said when every script parsed (a script the parser
 * gave up on may be where it is set) and when something reads it (an unused one is
 * `unused-definition`).
 */
export function checkNeverSet(ctx: CheckContext, symbols: SymbolTable, scripts: ReadonlyArray<Script | Expr | null>): void {
  if (!ctx.model.data.flow || scripts.some((s) => s === null)) return;
  const set = new Set<string>();
  for (const s of scripts) collectAssigned(s!, set);
  for (const [id, v] of entries(ctx.model.data.variables)) {
    if (!isRecord(v) || (v.initial !== undefined && v.initial !== null) || set.has(id) || !symbols.used.has(id)) continue;
    ctx.atKey(['variables', id], {
      code: 'never-set',
      message: `Variable \`${id}\` has no \`initial\` and no script sets it: it is none all game, never the ${String(v.type)} it is declared to hold.`,
      hint: `Give it an \`initial\` (a ${String(v.type)}), or set it in a script (\`${v.per ? `x.${id}` : id} = …\`) before it is read.`,
    });
  }
}

/** Names an assignment anywhere in `node` writes: a name, a member's name (`u.spent = …`), an indexed value's root. */
function collectAssigned(node: object, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) if (item && typeof item === 'object') collectAssigned(item, out);
    return;
  }
  const n = node as { kind?: string; target?: Expr };
  if (n.kind === 'assign' && n.target) {
    let t: Expr = n.target;
    if (t.kind === 'member') out.add(t.property);
    while (t.kind === 'member' || t.kind === 'index') t = t.object;
    if (t.kind === 'name') out.add(t.name);
  }
  for (const key in node) {
    const v = (node as Record<string, unknown>)[key];
    if (v && typeof v === 'object') collectAssigned(v, out);
  }
}
