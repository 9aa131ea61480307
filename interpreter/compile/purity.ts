/**
 * Which scripts only read the game: run twice on the same state they give the same value (or the
 * same error) and charge the same steps, and change nothing, so a value of theirs may be reused
 * while the state is unchanged (the action menu's option lists, flow.ts).
 */
import type { Expr, Stmt } from '../../grammar/index.ts';
import type { DataPath } from '../load/model.ts';
import type { GlobalKind } from '../runtime/program.ts';
// The same lists of acting built-ins and expression kinds as invariants and previews are checked with.
import { ACTING_BUILTINS, ACTING_KINDS } from '../check/read-only.ts';


export interface PuritySite {
  path: DataPath;
  body: Stmt[] | null;
  expr: Expr | null;
}

/**
 * The items whose sites are pure. A procedure is pure when its statements are pure and it only
 * calls pure procedures: found as a fixpoint from none, so recursive procedures stay impure (safe).
 */
export function pureSites<T>(items: readonly T[], siteOf: (t: T) => PuritySite, globals: ReadonlyMap<string, GlobalKind>): Set<T> & { procedures: ReadonlySet<string> } {
  const pureProcs = new Set<string>();
  const sites = items.map(siteOf);
  const procs = sites.filter((s) => s.body && s.path[0] === 'procedures' && s.path[2] === 'do');
  for (let changed = true; changed;) {
    changed = false;
    for (const p of procs) {
      const id = String(p.path[1]);
      if (pureProcs.has(id) || !p.body!.every((s) => stmtPure(s, globals, pureProcs))) continue;
      pureProcs.add(id);
      changed = true;
    }
  }
  const out = Object.assign(new Set<T>(), { procedures: pureProcs as ReadonlySet<string> });
  sites.forEach((s, i) => {
    if (s.expr ? exprPure(s.expr, globals, pureProcs) : s.body!.every((x) => stmtPure(x, globals, pureProcs))) out.add(items[i]!);
  });
  return out;
}

function stmtPure(s: Stmt, globals: ReadonlyMap<string, GlobalKind>, procs: ReadonlySet<string>): boolean {
  const e = (x: Expr | null) => x === null || exprPure(x, globals, procs);
  const all = (b: Stmt[]) => b.every((x) => stmtPure(x, globals, procs));
  switch (s.kind) {
    case 'let': return e(s.value);
    // Only a local may be set; a global's name (track, variable) or a member or element may be state.
    case 'assign': {
      if (s.target.kind !== 'name') return false;
      const kind = globals.get(s.target.name);
      return kind !== 'track' && kind !== 'variable' && e(s.value);
    }
    case 'if': return s.branches.every((b) => e(b.condition) && all(b.body)) && (s.else === null || all(s.else));
    case 'for-each': return e(s.source) && e(s.where) && all(s.body);
    case 'repeat': return e(s.count) && all(s.body);
    case 'while': return e(s.condition) && e(s.limit) && all(s.body);
    case 'return': return e(s.value);
    case 'stop': return true;
    case 'expr': return s.expr.kind === 'call' && e(s.expr);
    // log, end game, and every statement acting on pieces or cards.
    default: return false;
  }
}

export function exprPure(root: Expr, globals: ReadonlyMap<string, GlobalKind>, procs: ReadonlySet<string>): boolean {
  // Children are reached through every property holding nodes, so new expression forms are walked too.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) { stack.push(...node); continue; }
    if (!node || typeof node !== 'object') continue;
    const n = node as { kind?: unknown; callee?: unknown };
    if (typeof n.kind === 'string') {
      if (Object.hasOwn(ACTING_KINDS, n.kind)) return false;
      if (n.kind === 'call' && typeof n.callee === 'string') {
        if (globals.get(n.callee) === 'procedure' ? !procs.has(n.callee) : ACTING_BUILTINS.has(n.callee)) return false;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'span' && value && typeof value === 'object') stack.push(value);
  }
  return true;
}
