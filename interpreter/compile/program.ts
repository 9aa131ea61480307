import { parseExpression, parseScript, parseTemplate, type Expr, type Stmt } from '../../grammar/index.ts';
import { collectSites, type ScriptSite } from '../check/sites.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';
import { compileExpr, NO_SUSPENDING, type CompileEnv, type SuspendInfo } from './expressions.ts';
import { compileFlow } from './flow.ts';
import { globalNames } from './globals.ts';
import { SlotScope } from './scope.ts';
import { compilePlainBlock, Emitter, stmtSuspends } from './statements.ts';
import type { Code, Eval } from '../runtime/frame.ts';
import { pathKey, type CompiledScript, type GlobalKind, type Program } from '../runtime/program.ts';
import { RefTable } from '../runtime/values.ts';
import { buildDefs } from '../runtime/defs.ts';
import { hashData } from './hash.ts';
import { pureSites } from './purity.ts';

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
  const scripts = new Map<string, CompiledScript>();
  const codes = new Map<string, Code>();
  for (const p of parsed) {
    const compiled = compileSite(p, { globals, path: p.site.path, suspending });
    if (pure.has(p)) compiled.pure = true;
    scripts.set(pathKey(p.site.path), compiled);
    if (compiled.code) codes.set(compiled.code.key, compiled.code);
  }
  const flow = compileFlow(data, scripts);
  codes.set(flow.key, flow);
  const procedures = new Map<string, CompiledScript>();
  for (const id of Object.keys(data.procedures ?? {})) {
    const script = scripts.get(pathKey(['procedures', id, 'do']));
    if (script) procedures.set(id, script);
  }
  const refs = new RefTable();
  return Object.freeze({ model, data, hash: hashData(data), globals, scripts, procedures, codes, refs, defs: buildDefs(data, refs) });
}

function parseSite(site: ScriptSite): Parsed {
  if (site.mode === 'script') {
    const parsed = parseScript(site.text);
    if (parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]!.message}`);
    return { site, body: parsed.ast.body as Stmt[], expr: null };
  }
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

function compileSite(p: Parsed, env: CompileEnv): CompiledScript {
  const scope = SlotScope.root();
  const locals = new Map<string, number>();
  for (const [name] of p.site.locals) locals.set(name, scope.define(name));
  const out: CompiledScript = { path: p.site.path, code: null, plain: null, eval: null, slots: 0, locals, localNames: [...locals.keys()], localSlots: [...locals.values()] };
  if (p.expr) out.eval = compileExpr(p.expr, scope, env);
  else if (p.body!.some((s) => stmtSuspends(s, env))) {
    const emitter = new Emitter(env);
    emitter.block(p.body!, scope);
    out.code = { key: pathKey(p.site.path), ops: emitter.ops, slots: 0, ...(emitter.secretAnswers.length ? { secretAnswers: emitter.secretAnswers } : {}), ...(emitter.previews.size ? { previews: emitter.previews } : {}) };
  } else out.plain = compilePlainBlock(p.body!, scope, env);
  out.slots = scope.size;
  if (out.code) out.code.slots = scope.size;
  return out;
}

/** Compile one stand-alone expression against a ruleset (for `rulesmith odds` and tests). */
export function compileStandalone(program: Program, text: string, path: DataPath = ['<expression>']): { eval?: Eval; slots: number; error?: string } {
  const parsed = parseExpression(text);
  if (!parsed.ast || parsed.diagnostics.length) return { slots: 0, error: parsed.diagnostics[0]?.message ?? 'empty expression' };
  const scope = SlotScope.root();
  const ev = compileExpr(parsed.ast, scope, { globals: program.globals, path, suspending: NO_SUSPENDING });
  return { eval: ev, slots: scope.size };
}
