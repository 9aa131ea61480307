import { parseExpression, parseScript, parseTemplate, type Expr, type Query as QueryExpr, type ReturnStmt, type Stmt } from '../../grammar/index.ts';
import { collectSites, type ScriptSite } from '../check/sites.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';
import { compileExpr, existence, NO_SUSPENDING, type CompileEnv, type ExistsInfo, type SuspendInfo } from './expressions.ts';
import { compileFlow } from './flow.ts';
import { globalNames } from './globals.ts';
import { SlotScope } from './scope.ts';
import { compilePlainBlock, Emitter, stmtSuspends } from './statements.ts';
import type { Code, Eval } from '../runtime/frame.ts';
import { PAY_LOCAL, pathKey, type CompiledScript, type GlobalKind, type Program } from '../runtime/program.ts';
import { RefTable } from '../runtime/values.ts';
import { buildDefs } from '../runtime/defs.ts';
import { hashData } from './hash.ts';
import { exprPure, pureSites } from './purity.ts';
import { namesIn } from '../check/conditional-spans.ts';

export class CompileError extends Error {}

interface Parsed {
  site: ScriptSite;
  body: Stmt[] | null;
  expr: Expr | null;
}

/** Compile every script of a checked ruleset. Throws CompileError only for a ruleset that did not pass the checker. */
export function compileRuleset(model: RulesetModel): Program {
  const data = model.data;
  const globals = globalNames(data);
  const parsed = collectSites(data).map(parseSite);
  const suspending = suspendingCalls(parsed, globals);
  const pure = pureSites(parsed, (p) => ({ path: p.site.path, body: p.body, expr: p.expr }), globals);
  const selecting = new Map(parsed.flatMap((p): Array<[string, Parsed]> => {
    const [section, id, field] = p.site.path;
    return section === 'procedures' && field === 'do' && pure.procedures.has(String(id)) && selectReturned(p.body) ? [[String(id), p]] : [];
  }));
  const exists: ExistsInfo = { pure: (e) => exprPure(e, globals, pure.procedures), procedures: new Set(selecting.keys()) };
  const scripts = new Map<string, CompiledScript>();
  const codes = new Map<string, Code>();
  for (const p of parsed) {
    const env: CompileEnv = { globals, path: p.site.path, suspending, exists };
    const compiled = compileSite(p, env);
    if (pure.has(p)) compiled.pure = true;
    if (p.expr) {
      const scope = siteScope(p);
      const test = existence(p.expr, scope, env);
      if (test) compiled.exists = { ...compiled, code: null, plain: null, eval: test, slots: scope.size };
    }
    scripts.set(pathKey(p.site.path), compiled);
    if (compiled.code) codes.set(compiled.code.key, compiled.code);
  }
  // Each `return select …` procedure again, returning `any` of its query (`existence`).
  const existsScripts = new Map<string, CompiledScript>();
  for (const [id, p] of selecting) {
    const ret = p.body![0] as ReturnStmt;
    const scope = siteScope(p);
    const plain = compilePlainBlock([{ ...ret, value: { ...(ret.value as QueryExpr), op: 'any' } }], scope, { globals, path: p.site.path, suspending, exists });
    const base = scripts.get(pathKey(p.site.path))!;
    existsScripts.set(id, { ...base, code: null, eval: null, plain, slots: scope.size, pure: true });
  }
  const flow = compileFlow(data, scripts);
  codes.set(flow.key, flow);
  const procedures = new Map<string, CompiledScript>();
  for (const id of Object.keys(data.procedures ?? {})) {
    const script = scripts.get(pathKey(['procedures', id, 'do']));
    if (script) procedures.set(id, script);
  }
  const refs = new RefTable();
  return Object.freeze({ model, data, hash: hashData(data), globals, scripts, procedures, exists: existsScripts, codes, refs, defs: buildDefs(data, refs) });
}

function parseSite(site: ScriptSite): Parsed {
  if (site.mode === 'script') {
    const parsed = parseScript(site.text);
    if (parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]!.message}`);
    return { site, body: parsed.ast.body as Stmt[], expr: null };
  }
  // A `place` is an expression, read like one; compileSite adds what takes from it.
  const parsed = site.mode === 'template' ? parseTemplate(site.text) : parseExpression(site.text);
  if (!parsed.ast || parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]?.message ?? 'empty expression'}`);
  return { site, body: null, expr: parsed.ast as Expr };
}

/**
 * Which procedures can reach a decision, and whether a card effect can (then `resolve(card)` can):
 * a fixpoint, since procedures and effects call each other. Everything else runs as plain closures.
 */
function suspendingCalls(parsed: Parsed[], globals: ReadonlyMap<string, GlobalKind>): SuspendInfo {
  const procedures = new Set<string>();
  const info: SuspendInfo = { procedures, resolve: false };
  const bodies = parsed.filter((p) => p.body);
  for (let changed = true; changed;) {
    changed = false;
    for (const p of bodies) {
      const [section, id, , , field] = p.site.path;
      const isProcedure = section === 'procedures' && p.site.path[2] === 'do';
      const isEffect = (section === 'decks' && field === 'effect') || (section === 'tables' && p.site.path[4] === 'effect');
      if (!isProcedure && !isEffect) continue;
      if (isProcedure && info.procedures.has(String(id))) continue;
      if (isEffect && info.resolve) continue;
      const env: CompileEnv = { globals, path: p.site.path, suspending: info };
      if (!p.body!.some((s) => stmtSuspends(s, env))) continue;
      if (isProcedure) procedures.add(String(id));
      else info.resolve = true;
      changed = true;
    }
  }
  return info;
}

/** A procedure body that is one `return select …`: its list may be asked only whether it has an item. */
function selectReturned(body: Stmt[] | null): boolean {
  const only = body?.length === 1 ? body[0]! : null;
  return only?.kind === 'return' && only.value?.kind === 'query' && only.value.op === 'select';
}

/** A site's scope with its locals bound, in the order every compile of it binds them (so slots agree). */
function siteScope(p: Parsed): SlotScope {
  const scope = SlotScope.root();
  for (const [name] of p.site.locals) scope.define(name);
  return scope;
}

function compileSite(p: Parsed, env: CompileEnv): CompiledScript {
  const scope = SlotScope.root();
  const locals = new Map<string, number>();
  for (const [name] of p.site.locals) locals.set(name, scope.define(name));
  const out: CompiledScript = { path: p.site.path, code: null, plain: null, eval: null, slots: 0, locals, localNames: [...locals.keys()], localSlots: [...locals.values()] };
  if (p.expr) {
    out.eval = compileExpr(p.expr, scope, env);
    // A name a query binds counts too (`u` of `count u in …`), so a local it shadows may be taken
    // as read: `readsLocals` errs on the side of waiting for the locals.
    if (locals.size > 0 && namesIn(p.expr).some((n) => locals.has(n))) out.readsLocals = true;
    if (p.site.mode === 'place') out.pay = compilePay(p.expr, p.site.path, env);
  } else if (p.body!.some((s) => stmtSuspends(s, env))) {
    const emitter = new Emitter(env);
    emitter.block(p.body!, scope);
    out.code = { key: pathKey(p.site.path), ops: emitter.ops, slots: 0, ...(emitter.secretAnswers.length ? { secretAnswers: emitter.secretAnswers } : {}), ...(emitter.previews.size ? { previews: emitter.previews } : {}) };
  } else out.plain = compilePlainBlock(p.body!, scope, env);
  out.slots = scope.size;
  if (out.code) out.code.slots = scope.size;
  return out;
}

/** A `place` site's `place -= #amount`, as the checker checked it (check/index.ts, `checkPlace`). */
function compilePay(place: Expr, path: DataPath, env: CompileEnv): CompiledScript {
  const scope = SlotScope.root();
  const slot = scope.define(PAY_LOCAL);
  const target = place as Extract<Stmt, { kind: 'assign' }>['target'];
  const stmt: Stmt = { kind: 'assign', op: '-=', target, value: { kind: 'name', name: PAY_LOCAL, span: place.span }, span: place.span };
  const locals = new Map([[PAY_LOCAL, slot]]);
  const plain = compilePlainBlock([stmt], scope, env);
  return { path, code: null, plain, eval: null, slots: scope.size, locals, localNames: [PAY_LOCAL], localSlots: [slot] };
}

/** Compile one stand-alone expression against a ruleset (for `rulesmith odds` and tests). */
export function compileStandalone(program: Program, text: string, path: DataPath = ['<expression>']): { eval?: Eval; slots: number; error?: string } {
  const parsed = parseExpression(text);
  // The parser's hint goes with its message (\`1D6\`: dice take a lower-case d), as validate prints it.
  const first = parsed.diagnostics[0];
  if (!parsed.ast || first) return { slots: 0, error: first ? `${first.message}${first.hint ? ` (${first.hint})` : ''}` : 'empty expression' };
  const scope = SlotScope.root();
  // Which procedures only read, as the program's own sites know them (purity.ts): an odds
  // expression's conditions may then read a roll's dice in any order (queries.ts, orderFreeSource).
  const pureProcedures = new Set([...program.procedures].filter(([, s]) => s.pure === true).map(([id]) => id));
  const exists: ExistsInfo = { pure: (x) => exprPure(x, program.globals, pureProcedures), procedures: new Set() };
  const ev = compileExpr(parsed.ast, scope, { globals: program.globals, path, suspending: NO_SUSPENDING, exists });
  return { eval: ev, slots: scope.size };
}
