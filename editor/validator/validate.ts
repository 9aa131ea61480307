/**
 * One validation pass over the files being edited: load and check every entry (the game's base
 * ruleset and its variants) with the interpreter's public loader and checker over an in-memory
 * host, and describe the active ruleset for the editor. Pure: runs in the worker and in tests.
 */
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset, type FileHost, type RulesetModel } from '../../interpreter/load/index.ts';
import type { ActiveRuleset, Diagnostic, ValidateRequest, ValidateResponse } from './protocol.ts';
import { builtinSymbols, rulesetSymbols } from './interpreter-internals.ts';
import { tableViews } from './table-views.ts';
import { variantDiff } from './variant-diff.ts';

const BUILTINS = builtinSymbols();

export function validate(request: ValidateRequest): ValidateResponse {
  const started = performance.now();
  const host = createMemoryHost(request.files);
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  let activeModel: RulesetModel | undefined;
  for (const entry of request.entries) {
    const { model, diagnostics: found } = loadAndCheck(entry, host);
    // A variant loads its base again: report each problem once.
    for (const d of found) {
      const key = `${d.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${d.message}`;
      if (!seen.has(key)) diagnostics.push(d);
      seen.add(key);
    }
    if (entry === request.active) activeModel = model;
  }
  if (!request.entries.includes(request.active)) activeModel = loadRuleset(request.active, host).model;
  const response: ValidateResponse = { seq: request.seq, diagnostics, elapsed: 0 };
  if (activeModel) response.active = describe(activeModel, host);
  response.elapsed = Math.round(performance.now() - started);
  return response;
}

function loadAndCheck(entry: string, host: FileHost): { model?: RulesetModel; diagnostics: Diagnostic[] } {
  const result = loadRuleset(entry, host);
  // Like `rulesmith validate`: semantic checks only run on a ruleset that loaded cleanly.
  const checked = result.model && !result.diagnostics.some((d) => d.severity === 'error') ? checkRuleset(result.model) : [];
  return { ...(result.model ? { model: result.model } : {}), diagnostics: [...result.diagnostics, ...checked] };
}

function describe(model: RulesetModel, host: FileHost): ActiveRuleset {
  const active: ActiveRuleset = {
    entry: model.entry,
    lineage: [...model.lineage],
    files: [...model.files.keys()],
    symbols: [...rulesetSymbols(model), ...BUILTINS],
    tables: tableViews(model),
  };
  const parent = model.lineage.length > 1 ? model.lineage[model.lineage.length - 2] : undefined;
  const base = parent ? loadRuleset(parent, host).model : undefined;
  if (base) active.diff = variantDiff(model, base);
  return active;
}
