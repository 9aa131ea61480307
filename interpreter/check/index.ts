import { parseExpression, parseScript, parseTemplate } from '../../grammar/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { sortDiagnostics } from '../diagnostics.ts';
import type { RulesetModel } from '../load/model.ts';
import { CheckContext } from './context.ts';
import { checkDecks } from './decks.ts';
import { checkMap } from './map.ts';
import { checkReferences } from './references.ts';
import { checkReservedNames } from './reserved.ts';
import { checkSizes } from './sizes.ts';
import { Scope } from './scope.ts';
import { collectSites, type ScriptSite } from './sites.ts';
import { StatementChecker } from './statements.ts';
import { SymbolTable } from './symbols.ts';
import { checkTables } from './tables.ts';
import { checkUnused } from './unused.ts';
import { describe, isBoolish, isNumeric } from './types.ts';
import { actingParts } from './read-only.ts';
import { BUILTIN_FUNCTIONS } from './signatures.ts';

/** Data checks, each one small function over the model; add a check by adding it here. */
const DATA_CHECKS: Array<(ctx: CheckContext) => void> = [checkReservedNames, checkReferences, checkTables, checkDecks, checkMap, checkSizes];

/**
 * Semantic checks of a loaded ruleset: names, types, arity, table coverage, deck counts, map
 * links, unused definitions, loop bounds. Never throws; returns diagnostics sorted by position.
 */
export function checkRuleset(model: RulesetModel): Diagnostic[] {
  const ctx = new CheckContext(model);
  const symbols = new SymbolTable(model.data, ctx);
  for (const check of DATA_CHECKS) check(ctx);
  for (const site of collectSites(model.data)) checkSite(ctx, symbols, site);
  checkUnused(ctx, symbols);
  return sortDiagnostics(ctx.diagnostics);
}

const BUILTIN_FUNCTIONS_NAMES: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.keys());

function checkSite(ctx: CheckContext, symbols: SymbolTable, site: ScriptSite): void {
  const scope = new Scope();
  for (const [name, type] of site.locals) scope.define(name, type, null);
  const checker = new StatementChecker(ctx, symbols, site);
  const parsed = site.mode === 'script' ? parseScript(site.text) : site.mode === 'template' ? parseTemplate(site.text) : parseExpression(site.text);
  for (const d of parsed.diagnostics) {
    ctx.atSpan(site.path, d.span, { code: d.code, message: d.message, severity: d.severity, ...(d.hint ? { hint: d.hint } : {}) });
  }
  // Names are only checked in text that parsed cleanly: recovery can invent nodes, and errors
  // about invented names would bury the real syntax error.
  if (parsed.diagnostics.some((d) => d.severity === 'error') || !parsed.ast) {
    // The broken text still names what it uses: without this, one syntax error would also warn
    // that every table and procedure the script uses is unused.
    for (const word of site.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) symbols.used.add(word);
    return;
  }
  if (parsed.ast.kind === 'script') checker.block(parsed.ast.body, scope);
  else {
    const t = checker.expr(parsed.ast, scope);
    if (site.result === 'number' && !isNumeric(t)) {
      ctx.atSpan(site.path, parsed.ast.span, { code: 'type-mismatch', message: `A heuristic score must be a number, but this is ${describe(t)}.`, hint: 'Score the position with a number: higher is better for the side (or player), 0 is even.' });
    }
    if (site.result === 'boolean' && !isBoolish(t)) {
      ctx.atSpan(site.path, parsed.ast.span, { code: 'invariant-not-boolean', message: `An invariant's \`${String(site.path[2])}\` must be true or false, but this is ${describe(t)}.`, hint: 'Write a condition: a comparison (`total == 40`), `all … where …`, or `and`/`or` of them.' });
    }
    if (site.readOnly) for (const p of actingParts(parsed.ast, BUILTIN_FUNCTIONS_NAMES)) ctx.atSpan(site.path, p.span, p.report);
  }
}

export { CheckContext } from './context.ts';
