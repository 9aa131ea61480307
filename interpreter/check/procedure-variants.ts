import type { Script, Span } from '../../grammar/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { CheckContext, type Report } from './context.ts';
import { completeIfs, conditionalSpans, within } from './conditional-spans.ts';
import { Scope } from './scope.ts';
import type { ScriptSite } from './sites.ts';
import { StatementChecker } from './statements.ts';
import type { CallSite, SymbolTable } from './symbols.ts';
import { ANY, describe, withoutValues, type Ty } from './types.ts';

/** More kinds of call than this and the procedure is only checked with its joined parameter types. */
const MAX_VARIANTS = 6;

const key = (t: Ty): string => (t.k === 'entity' ? `entity:${t.e}` : t.k === 'list' ? `list:${key(t.of)}` : t.k);
const plain = (t: Ty): Ty => (t.k === 'record' ? ANY : withoutValues(t));

/**
 * The calls worth checking the body with one by one: a procedure some calls give a side and others
 * a player (or a piece and a true/false value) has a parameter of any kind once joined, and a
 * member only one of them has would go unchecked. One call stands for each distinct combination
 * of kinds; undefined when the joined types lose nothing or the combinations are too many.
 */
export function callVariants(calls: readonly CallSite[], joined: readonly Ty[]): CallSite[] | undefined {
  const lost = joined.some((t, i) => t.k === 'any' && calls.some((c) => plain(c.types[i]!).k !== 'any'));
  if (!lost) return undefined;
  const distinct = new Map<string, CallSite>();
  for (const c of calls) {
    const types = c.types.map(plain);
    const k = types.map(key).join(',');
    if (!distinct.has(k)) distinct.set(k, { ...c, types });
  }
  return distinct.size >= 2 && distinct.size <= MAX_VARIANTS ? [...distinct.values()] : undefined;
}

/**
 * Reports only what lies outside the given spans (the parts of a body that run on every call),
 * and what fails in every branch of an `if … else …` chain that runs on every call (each branch
 * failing on its own path, with the same code): whichever branch runs, the call stops there.
 */
class EveryCallChecker extends StatementChecker {
  private readonly held: Array<{ span: Span; r: Report }> = [];
  constructor(ctx: CheckContext, symbols: SymbolTable, site: ScriptSite, private readonly conditional: readonly Span[]) {
    super(ctx, symbols, site);
  }

  protected override report(span: Span, r: Report): void {
    if (!within(span, this.conditional)) super.report(span, r);
    else if ((r.severity ?? 'error') === 'error') this.held.push({ span, r });
  }

  /** Report the first failure of each complete `if` chain every branch of which fails with one code. */
  reportFailingBranches(chains: ReturnType<typeof completeIfs>): void {
    for (const branches of chains) {
      const fails = branches.map((b) => this.held.filter((h) => within(h.span, [b.span]) && !within(h.span, b.conditional)));
      const code = fails[0]?.find((h) => fails.every((f) => f.some((x) => x.r.code === h.r.code)))?.r.code;
      const first = code === undefined ? undefined : fails[0]!.find((h) => h.r.code === code)!;
      if (first) super.report(first.span, first.r);
    }
  }
}

/**
 * Check a procedure's body once per kind of call (callVariants), and report the errors the
 * joined check (`reported`) missed — only in the parts of the body that run on every call, so a
 * test of the argument's kind (`if x.kind == "ship" then …`) is never second-guessed. Each error
 * says which call gives the argument that fails.
 */
export function checkVariants(ctx: CheckContext, symbols: SymbolTable, site: ScriptSite, ast: Script, variants: readonly CallSite[], reported: readonly Diagnostic[]): void {
  const params = symbols.lookup(String(site.path[1]))?.params ?? [];
  const conditional = conditionalSpans(ast.body);
  const chains = completeIfs(ast.body);
  const at = (d: Diagnostic) => `${d.code}@${d.file}:${d.range.start.line}:${d.range.start.column}`;
  const seen = new Set(reported.map(at));
  for (const call of variants) {
    const quiet = new CheckContext(ctx.model);
    const scope = new Scope();
    site.locals.forEach(([name], i) => scope.define(name, call.types[i] ?? ANY, null));
    const checker = new EveryCallChecker(quiet, symbols, site, conditional);
    checker.block(ast.body, scope);
    checker.reportFailingBranches(chains);
    const where = ctx.model.rangeIn(call.path, call.span.start, Math.max(call.span.end, call.span.start + 1));
    const given = params.map((p, i) => (call.types[i]?.k === 'any' ? '' : `\`${p}\` is ${describe(call.types[i]!)}`)).filter(Boolean).join(' and ');
    for (const d of quiet.diagnostics) {
      if (d.severity !== 'error' || seen.has(at(d))) continue;
      seen.add(at(d));
      const when = where ? ` Here ${given}, as in the call at ${where.file}:${where.range.start.line}:${where.range.start.column}.` : ` Here ${given}.`;
      ctx.diagnostics.push({ ...d, message: `${d.message}${when}` });
    }
  }
}
