import { parseExpression, parseScript, type Expr, type Stmt } from '../../grammar/index.ts';
import { entries } from '../check/context.ts';
import { collectSites, type ScriptSite } from '../check/sites.ts';
import type { DataPath, RulesetModel } from '../load/model.ts';
import { compileExpr, type CompileEnv } from './expressions.ts';
import { globalNames } from './globals.ts';
import { SlotScope } from './scope.ts';
import { compileBlock, compileValue } from './statements.ts';
import type { Eval, Exec } from '../runtime/frame.ts';
import { pathKey, type CompiledScript, type GlobalKind, type Program } from '../runtime/program.ts';
import type { Value } from '../runtime/values.ts';
import { hashData } from './hash.ts';

export class CompileError extends Error {}

/** Compile every script of a checked ruleset. Throws CompileError only for a ruleset that did not pass the checker. */
export function compileRuleset(model: RulesetModel): Program {
  const data = model.data;
  const globals = globalNames(data);
  const scripts = new Map<string, CompiledScript>();
  for (const site of collectSites(data)) scripts.set(pathKey(site.path), compileSite(site, globals));
  return Object.freeze({ model, data, hash: hashData(data), globals, scripts });
}

function compileSite(site: ScriptSite, globals: ReadonlyMap<string, GlobalKind>): CompiledScript {
  const env: CompileEnv = { globals, path: site.path };
  const scope = SlotScope.root();
  const locals = new Map<string, number>();
  for (const [name] of site.locals) locals.set(name, scope.define(name));
  let exec: Exec<Value>;
  if (site.mode === 'script') {
    const parsed = parseScript(site.text);
    if (parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]!.message}`);
    const block = compileBlock(parsed.ast.body as Stmt[], scope, env);
    exec = function* (f) {
      yield* block(f);
      return null;
    };
  } else {
    const parsed = parseExpression(site.text);
    if (!parsed.ast || parsed.diagnostics.some((d) => d.severity === 'error')) throw new CompileError(`${pathKey(site.path)}: ${parsed.diagnostics[0]?.message ?? 'empty expression'}`);
    exec = compileValue(parsed.ast as Expr, scope, env);
  }
  return { path: site.path, exec, slots: scope.size, locals };
}

/** Compile one stand-alone expression against a ruleset (for `rulesmith odds` and tests). */
export function compileStandalone(program: Program, text: string, path: DataPath = ['<expression>']): { eval?: Eval; slots: number; error?: string } {
  const parsed = parseExpression(text);
  if (!parsed.ast || parsed.diagnostics.length) return { slots: 0, error: parsed.diagnostics[0]?.message ?? 'empty expression' };
  const scope = SlotScope.root();
  const ev = compileExpr(parsed.ast, scope, { globals: program.globals, path });
  return { eval: ev, slots: scope.size };
}

export { entries };
