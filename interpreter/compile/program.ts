import { parseExpression, parseScript } from '../../grammar/index.ts';
import type { Expr, Stmt } from '../../grammar/ast.ts';
import type { RulesetFile } from '../../grammar/ruleset-types.ts';
import { entries, isRecord } from '../check/context.ts';
import { collectSites, type ScriptSite } from '../check/sites.ts';
import { NO_SUSPENDING } from './expressions.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';
import { compileExpr, type CompileEnv, type SuspendInfo } from './expressions.ts';
import { compileFlow } from './flow.ts';
import { globalNames, type GlobalKind } from './globals.ts';
import { SlotScope } from './scope.ts';
import { compilePlainBlock, Emitter, stmtSuspends } from './statements.ts';
import type { Code, Eval, Plain } from './types.ts';
import { RefTable } from '../runtime/values.ts';
import { hashData } from './hash.ts';

/**
 * A compiled script or expression site. Exactly one of `code`, `plain`, `eval` is set: `code` for
 * a script that can reach a decision (ops, run by the runtime's frame stack), `plain` for a script
 * that cannot (one closure), `eval` for an expression site (conditions, costs, cells).
 */
export interface CompiledScript {
  path: DataPath;
  code: Code | null;
  plain: Plain | null;
  eval: Eval | null;
  slots: number;
  /** Slots of the site's pre-bound locals (procedure params, `card`, `area`…), by name. */
  locals: Map<string, number>;
}

/**
 * A ruleset compiled once into closures; frozen and shared by every game played with it.
 * Scripts are found through the same site list the checker uses, so both see the same texts.
 */
export interface Program {
  model: RulesetModel;
  data: RulesetFile;
  /** Stable hash of the merged ruleset data: replays name the rules they were played with. */
  hash: string;
  globals: ReadonlyMap<string, GlobalKind>;
  /** Compiled scripts and expressions by their data path joined with '.'. */
  scripts: ReadonlyMap<string, CompiledScript>;
  /** Every suspendable code by key (scripts' paths, and FLOW_KEY for the game's flow): saved frames name their code by it. */
  codes: ReadonlyMap<string, Code>;
  /** Entities interned once per program, shared by every game: refs compare by identity across forks. */
  refs: RefTable;
}

export const pathKey = (path: DataPath): string => path.join('.');

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
  const scripts = new Map<string, CompiledScript>();
  const codes = new Map<string, Code>();
  for (const p of parsed) {
    const compiled = compileSite(p, { globals, path: p.site.path, suspending });
    scripts.set(pathKey(p.site.path), compiled);
    if (compiled.code) codes.set(compiled.code.key, compiled.code);
  }
  const flow = compileFlow(data, scripts);
  codes.set(flow.key, flow);
  return Object.freeze({ model, data, hash: hashData(data), globals, scripts, codes, refs: new RefTable() });
}

function parseSite(site: ScriptSite): Parsed {
  if (site.mode === 'script') {
    const parsed = parseScript(site.text);
    if (parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]!.message}`);
    return { site, body: parsed.ast.body as Stmt[], expr: null };
  }
  const parsed = parseExpression(site.text);
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
      const isEffect = section === 'decks' && field === 'effect';
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
  const out: CompiledScript = { path: p.site.path, code: null, plain: null, eval: null, slots: 0, locals };
  if (p.expr) out.eval = compileExpr(p.expr, scope, env);
  else if (p.body!.some((s) => stmtSuspends(s, env))) {
    const emitter = new Emitter(env);
    emitter.block(p.body!, scope);
    out.code = { key: pathKey(p.site.path), ops: emitter.ops, slots: 0 };
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

/** The nearest `source:` at or above a data path: the rulebook section a script encodes. */
export function sourceOf(data: RulesetFile, path: DataPath): string | undefined {
  let found: string | undefined;
  let node: unknown = data;
  for (const key of path) {
    if (isRecord(node) && typeof node.source === 'string') found = node.source;
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  }
  if (isRecord(node) && typeof node.source === 'string') found = node.source;
  return found;
}

export { entries };
