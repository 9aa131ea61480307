/**
 * One validation pass over the files being edited: load and check every entry (the game's base
 * ruleset and its variants) with the interpreter's public loader and checker over an in-memory
 * host, and describe the active ruleset for the editor. Pure: runs in the worker and in tests.
 */
import { checkRuleset, ParseCache, type Reference } from '../../interpreter/check/index.ts';
import { blameVariant, createMemoryHost, FileCache, hintNotIncluded, loadRuleset, type FileHost, type RulesetModel } from '../../interpreter/load/index.ts';
import { cellEdit } from './cell-edit.ts';
import { rowRename } from './row-edit.ts';
import type { ActiveRuleset, CellEditRequest, CellEditResponse, Diagnostic, NameUse, PartialValidateResponse, ValidateRequest, ValidateResponse } from './protocol.ts';
import { builtinSymbols, rulesetSymbols } from './interpreter-internals.ts';
import { deckViews, questionViews, tableViews } from './table-views.ts';
import { variantDiff } from './variant-diff.ts';
import { mergeFindings } from './merge-findings.ts';

const BUILTINS = builtinSymbols();

/**
 * Kept from pass to pass (one worker, one module): a pass loads and checks the base game and each
 * of its variants, which share all but their own file, and the next pass differs by one edit. Only
 * files and scripts whose text changed are parsed again; results are the same as without.
 */
const files = new FileCache();
const parses = new ParseCache();

export function validate(request: ValidateRequest, partial?: (answer: PartialValidateResponse) => void): ValidateResponse {
  const started = performance.now();
  const host = createMemoryHost(request.files);
  const byEntry: Record<string, Diagnostic[]> = {};
  let activeModel: RulesetModel | undefined;
  const models = new Map<string, RulesetModel>();
  const uses = new Map<string, Reference[]>();
  // The active entry first: its findings go out before the variants are checked.
  const order = request.entries.includes(request.active) ? [request.active, ...request.entries.filter((e) => e !== request.active)] : request.entries;
  for (const [i, entry] of order.entries()) {
    const { model, diagnostics: found, references } = loadAndCheck(entry, host);
    if (model) models.set(model.entry, model);
    uses.set(entry, references);
    byEntry[entry] = found;
    if (entry === request.active) activeModel = model;
    if (i === 0 && order.length > 1) partial?.({ kind: 'partial', seq: request.seq, entry, diagnostics: found });
  }
  // As `rulesmith validate`: a variant's problems in its base's files that the base has not go on the variant's change.
  for (const model of models.values()) {
    const parent = model.lineage.length > 1 ? models.get(model.lineage[model.lineage.length - 2]!) : undefined;
    if (parent && byEntry[parent.entry] && byEntry[model.entry]) byEntry[model.entry] = blameVariant(model, byEntry[model.entry]!, byEntry[parent.entry]!, new Set(parent.files.keys()));
  }
  if (!request.entries.includes(request.active)) activeModel = loadRuleset(request.active, host, { cache: files }).model;
  const response: ValidateResponse = { seq: request.seq, diagnostics: mergeFindings(request.entries, byEntry), byEntry, elapsed: 0 };
  if (activeModel) response.active = describe(activeModel, host, models, uses);
  response.elapsed = Math.round(performance.now() - started);
  return response;
}

/** A change to one cell from the tables view, over the same kept files as validation. */
export function editCell(request: CellEditRequest): CellEditResponse {
  return { kind: 'cell-edit', id: request.id, ...(request.renameKey ? rowRename(request, files) : cellEdit(request, files)) };
}

function loadAndCheck(entry: string, host: FileHost): { model?: RulesetModel; diagnostics: Diagnostic[]; references: Reference[] } {
  const result = loadRuleset(entry, host, { cache: files });
  const references: Reference[] = [];
  // Like `rulesmith validate`: semantic checks only run on a ruleset that loaded cleanly.
  const checked = result.model && !result.diagnostics.some((d) => d.severity === 'error') ? checkRuleset(result.model, { parses, references }) : [];
  const found = [...result.diagnostics, ...checked];
  return { references, ...(result.model ? { model: result.model, diagnostics: hintNotIncluded(result.model, found, host) } : { diagnostics: found }) };
}

/** `uses`: each checked entry's references (CheckOptions), for find-references and the diff's "used by". */
function describe(model: RulesetModel, host: FileHost, loaded: ReadonlyMap<string, RulesetModel>, uses: ReadonlyMap<string, Reference[]>): ActiveRuleset {
  // Only what find-references needs crosses to the page (not the element each use is in).
  const references: NameUse[] = (uses.get(model.entry) ?? []).map(({ name, file, range }) => ({ name, file, range }));
  const active: ActiveRuleset = {
    entry: model.entry,
    lineage: [...model.lineage],
    files: [...model.files.keys()],
    symbols: [...rulesetSymbols(model), ...BUILTINS],
    references,
    tables: [...tableViews(model), ...deckViews(model)],
    questions: questionViews(model),
  };
  const parent = model.lineage.length > 1 ? model.lineage[model.lineage.length - 2] : undefined;
  const base = parent ? (loaded.get(parent) ?? loadRuleset(parent, host, { cache: files }).model) : undefined;
  // The diff grids its changed tables from the views shown, and marks what differs from the base.
  if (base) active.diff = variantDiff(model, base, active.tables, { before: { refs: uses.get(base.entry) ?? [], data: base.data }, after: { refs: uses.get(model.entry) ?? [], data: model.data } });
  return active;
}
