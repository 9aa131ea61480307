import { parseExpression, parseScript, parseTemplate, type Expr, type ParseDiagnostic, type Script, type Span } from '../../grammar/index.ts';
import { checkShadowingParams } from './shadows.ts';
import { checkSeatlessActions } from './seats.ts';
import { checkGridSides } from './grid-sides.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { sortDiagnostics } from '../diagnostics.ts';
import type { RulesetModel } from '../load/model.ts';
import { CheckContext, isRecord, type Reference } from './context.ts';
import { checkDecks } from './decks.ts';
import { checkMap } from './map.ts';
import { checkHexProps } from './hex-props.ts';
import { checkReferences } from './references.ts';
import { checkReservedNames, RESERVED } from './reserved.ts';
import { checkSizes } from './sizes.ts';
import { Scope } from './scope.ts';
import { collectSites, paramOptionsPath, type ScriptSite } from './sites.ts';
import { StatementChecker } from './statements.ts';
import { SymbolTable, type CallSite } from './symbols.ts';
import { checkTables } from './tables.ts';
import { checkNoneText } from './none-text.ts';
import { checkTracks } from './tracks.ts';
import { checkUnused } from './unused.ts';
import { checkNeverSet } from './never-set.ts';
import { scriptFacts } from './script-facts.ts';
import { ANY, describe, isBoolish, isCollection, isNumeric, join, listOf, NONE, NUMBER, withoutValues, type Ty } from './types.ts';
import { assignedMembers, possibleMemberNames } from './member-names.ts';
import { invariantActingParts, promptActingParts } from './preview.ts';
import { BUILTIN_FUNCTIONS } from './signatures.ts';
import { callVariants, checkVariants } from './procedure-variants.ts';

/** Data checks, each one small function over the model; add a check by adding it here. */
const DATA_CHECKS: Array<(ctx: CheckContext) => void> = [checkReservedNames, checkReferences, checkTables, checkNoneText, checkDecks, checkMap, checkHexProps, checkSizes, checkTracks, checkSeatlessActions, checkGridSides];

/**
 * Semantic checks of a loaded ruleset: names, types, arity, table coverage, deck counts, map
 * links, unused definitions, loop bounds. Never throws; returns diagnostics sorted by position.
 */
export function checkRuleset(model: RulesetModel, opts: CheckOptions = {}): Diagnostic[] {
  const found: Reference[] | undefined = opts.references ? [] : undefined;
  const ctx = new CheckContext(model, found);
  const symbols = new SymbolTable(model.data, ctx);
  for (const check of DATA_CHECKS) check(ctx);
  const sites = collectSites(model.data).map((site): ParsedSite => ({ site, parsed: opts.parses ? opts.parses.parse(site) : parseSite(site) }));
  symbols.typeProps(assignedMembers(sites.map((s) => s.site)));
  symbols.possibleMembers = possibleMemberNames(model.data, sites.map((s) => s.site), symbols, sites.map(({ parsed }) => (parsed.diagnostics.some((d) => d.severity === 'error') ? null : parsed.ast)));
  for (const { site, parsed } of sites) {
    if (site.path[0] === 'decks' && site.path[4] === 'effect' && parsed.ast?.kind === 'script') {
      const deck = String(site.path[1]);
      symbols.effectFacts.set(deck, [...(symbols.effectFacts.get(deck) ?? []), scriptFacts(parsed.ast)]);
    }
    if (site.path[0] !== 'procedures' || site.path[2] !== 'do' || parsed.ast?.kind !== 'script') continue;
    const def = (model.data.procedures as Record<string, { params?: unknown }> | undefined)?.[String(site.path[1])];
    symbols.procedureBodies.set(String(site.path[1]), { body: parsed.ast.body, params: Array.isArray(def?.params) ? def.params.map(String) : [], facts: scriptFacts(parsed.ast) });
  }
  inferProcedures(model, symbols, sites);
  // With the procedures' returns known, list variables may take an element type, and the action
  // parameters that offer them with it.
  if (typeListVariables(model, symbols, sites)) typeActionParams(model, symbols, sites);
  for (const s of sites) checkSite(ctx, symbols, s);
  checkConstantOptions(ctx);
  checkUnused(ctx, symbols);
  checkShadowingParams(ctx, symbols);
  checkNeverSet(ctx, symbols, sites.map(({ parsed }) => (parsed.diagnostics.some((d) => d.severity === 'error') ? null : parsed.ast)));
  if (found && opts.references) opts.references.push(...uniqueReferences(found));
  return sortDiagnostics(ctx.diagnostics);
}

/** In file order, each place once (a procedure checked again for its callers' argument types walks its body twice). */
function uniqueReferences(refs: Reference[]): Reference[] {
  const seen = new Set<string>();
  const at = (r: Reference) => `${r.file}\0${String(r.range.start.line).padStart(7, '0')}:${String(r.range.start.column).padStart(5, '0')}\0${r.name}`;
  return refs.filter((r) => { const k = at(r); if (seen.has(k)) return false; seen.add(k); return true; }).sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
}

export interface CheckOptions {
  /** Scripts parsed by earlier checks, shared with this one (the editor's checks as you type). */
  parses?: ParseCache;
  /** Filled with every script's uses of the ruleset's names (find references, `diff`'s "read by"). */
  references?: Reference[];
}

/**
 * Parsed scripts by their text, for a caller that checks the same rules again and again: the
 * editor checks the base game and each variant on every pause in typing, and all but the edited
 * script are the same. A parse depends only on the text, and nothing changes a parsed tree, so
 * checks can share it. Keeps the most recently used `capacity` scripts.
 */
export class ParseCache {
  private readonly entries = new Map<string, ParsedSite['parsed']>();
  // About 13 KB a script kept (Node, the shipped rulesets): 1,500 hold the four games' 522 and their variants'.
  constructor(private readonly capacity = 1500) {}

  /** @internal */
  parse(site: ScriptSite): ParsedSite['parsed'] {
    const key = `${site.mode}\0${site.text}`;
    let parsed = this.entries.get(key);
    if (parsed) this.entries.delete(key);
    else parsed = parseSite(site);
    this.entries.set(key, parsed);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return parsed;
  }

  get size(): number {
    return this.entries.size;
  }
}

const BUILTIN_FUNCTIONS_NAMES: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.keys());

function parseSite(site: ScriptSite): ParsedSite['parsed'] {
  return site.mode === 'script' ? parseScript(site.text) : site.mode === 'template' ? parseTemplate(site.text) : parseExpression(site.text);
  // A `place` parses as an expression; checkSiteOnce checks it as the target of `-=`.
}

interface ParsedSite {
  site: ScriptSite;
  parsed: { ast: Script | Expr | null; diagnostics: ParseDiagnostic[] };
}

function siteScope(site: ScriptSite, symbols: SymbolTable): Scope {
  const scope = new Scope();
  const params = site.path[0] === 'procedures' ? symbols.procedureParams.get(String(site.path[1])) : undefined;
  site.locals.forEach(([name, type], i) => scope.define(name, params?.[i] ?? type, null));
  return scope;
}

/**
 * An action's parameter is one of the options its `params:` list gives, so in the parameters after
 * it (their lists and questions) and in `do` its type is the list's element type (a player, from `select q in players where …`)
 * rather than any value: `partner.hnd` is then said by the checker, with its position, instead of
 * stopping a game. A list of mixed or unknown elements leaves the parameter any value.
 */
function typeActionParams(model: RulesetModel, symbols: SymbolTable, sites: ParsedSite[]): void {
  for (const { site, parsed } of sites) {
    if (site.path[0] !== 'actions' || site.path[2] !== 'params' || site.mode !== 'expression' || !parsed.ast || parsed.diagnostics.length || parsed.ast.kind === 'script') continue;
    const t = new StatementChecker(new CheckContext(model), symbols, site).expr(parsed.ast, siteScope(site, symbols));
    const element = t.k === 'list' ? t.of : t.k === 'range' ? NUMBER : undefined;
    if (!element || element.k === 'any' || element.k === 'none' || element.k === 'record') continue;
    const { missing: _missing, ...chosen } = element;
    for (const other of sites) {
      const [section, action, part] = other.site.path;
      if (section !== 'actions' || action !== site.path[1] || (part !== 'params' && part !== 'do')) continue;
      other.site.locals = other.site.locals.map(([name, type]) => [name, name === site.path[3] && type.k === 'any' ? chosen : type]);
    }
  }
}

/** How many times calls are taken again as parameter types pass down chains of procedures. */
const MAX_CALL_DEPTH = 4;

/**
 * What procedures take and give, where every call and every `return` agrees: a procedure that
 * only returns true/false cannot be added to a number, and a parameter every call passes a number
 * has no `.area`. Found by checking quietly (the diagnostics come from the real pass). A parameter of disagreeing calls, a record (whose fields
 * may differ from call to call), or a procedure without returns that agree stays any value.
 */
function inferProcedures(model: RulesetModel, symbols: SymbolTable, sites: ParsedSite[]): void {
  const clean = sites.filter(({ parsed }) => parsed.ast !== null && parsed.diagnostics.length === 0);
  const quietly = (list: ParsedSite[]): Map<string, Ty> => {
    const returns = new Map<string, Ty>();
    for (const parsedSite of list) {
      const { site, parsed } = parsedSite;
      const checker = walkQuietly(model, symbols, parsedSite);
      if (parsed.ast!.kind !== 'script' || site.path[0] !== 'procedures') continue;
      // A procedure without a `return` of a value gives `none` to whoever calls it for one.
      const t = checker.returns.reduce<Ty | undefined>((acc, r) => (acc ? join(acc, r) : r), undefined) ?? { ...NONE, from: String(site.path[1]) };
      if (t.k !== 'any') returns.set(String(site.path[1]), t);
      else {
        const mixed = mixedReturns(model, site, checker.returns, checker.returnSpans);
        if (mixed) returns.set(String(site.path[1]), mixed);
      }
    }
    return returns;
  };
  // Returns first (calls pass their results on), then the calls, then returns again with the parameters.
  const procedures = clean.filter(({ site }) => site.path[0] === 'procedures' && site.path[2] === 'do');
  const settle = (returns: Map<string, Ty>) => {
    symbols.procedureReturns.clear();
    for (const [id, t] of returns) symbols.procedureReturns.set(id, t);
  };
  const returns1 = quietly(procedures);
  settle(returns1);
  // With the procedures' returns known, action parameters take their lists' element types, which
  // the calls below then pass on to the procedures they call (`trade(partner)`).
  typeActionParams(model, symbols, sites);
  // Only sites that call a procedure give call sites; the others need no walk here.
  const callsProcedure = ({ parsed }: ParsedSite) => callsAProcedure(scriptFacts(parsed.ast!).callees, symbols);
  const callsIn = (list: ParsedSite[]): { calls: Map<string, CallSite[]>; returns: Map<string, Ty> } => {
    symbols.callArgs = new Map();
    const returns = quietly(list);
    const calls = symbols.callArgs;
    symbols.callArgs = undefined;
    return { calls, returns };
  };
  const typeCalls = (calls: Map<string, CallSite[]>) => {
    symbols.procedureParams.clear();
    symbols.procedureVariants.clear();
    for (const [id, list] of calls) {
      const n = symbols.lookup(id)?.params?.length ?? 0;
      if (list.some((call) => call.types.length !== n)) continue;
      const types = Array.from({ length: n }, (_, i) => {
        const t = list.map((call) => call.types[i]!).reduce((a, b) => join(a, b));
        return t.k === 'record' ? ANY : withoutValues(t);
      });
      if (types.some((t) => t.k !== 'any')) symbols.procedureParams.set(id, types);
      const variants = callVariants(list, types);
      if (variants) symbols.procedureVariants.set(id, variants);
    }
  };
  const { calls, returns: withReturns } = callsIn(clean.filter(callsProcedure));
  typeCalls(calls);
  // A procedure whose parameters are now known passes values of known kinds on to the procedures
  // it calls (a number given to `uses(card)` reaches `possible(card)`): its calls, taken again,
  // replace the ones taken while its parameters were any value. Repeated while that types more
  // procedures that call others, down a chain of calls (an action's ship reaching `evasion_roll`,
  // then `evasion_value`: fuzz 2929/1633), at most MAX_CALL_DEPTH times.
  const calling = (id: string) => callsAProcedure(symbols.procedureBodies.get(id)?.facts.callees ?? new Set(), symbols);
  let current = calls;
  // What the parameters were typed as when their procedures' calls were last taken.
  const typing = () => [...symbols.procedureParams].map(([id, ts]) => `${id}(${ts.map(describe).join(',')})`).join(' ');
  let taken = '';
  for (let round = 0; round < MAX_CALL_DEPTH && typing() !== taken; round++) {
    const typed = procedures.filter(({ site }) => symbols.procedureParams.has(String(site.path[1])) && calling(String(site.path[1])));
    if (typed.length === 0) break;
    taken = typing();
    const retaken = new Set(typed.map(({ site }) => site.path.join('.')));
    const again = callsIn(typed).calls;
    const merged = new Map<string, CallSite[]>();
    for (const [id, list] of current) merged.set(id, list.filter((c) => !retaken.has(c.path.join('.'))));
    for (const [id, list] of again) merged.set(id, [...(merged.get(id) ?? []), ...list]);
    for (const [id, list] of merged) if (list.length === 0) merged.delete(id);
    typeCalls(merged);
    current = merged;
  }
  // The returns once more, now with the parameters and the first returns known. A walk depends only
  // on its parameters' types and its callees' returns, so a procedure still without typed
  // parameters gives what it gave in the walk above (the first returns were known there too), or,
  // calling no procedure, what it gave in the first walk: only the typed ones are walked again.
  const final = new Map<string, Ty>();
  const retyped = procedures.filter(({ site }) => symbols.procedureParams.has(String(site.path[1])));
  for (const p of procedures) {
    const id = String(p.site.path[1]);
    if (symbols.procedureParams.has(id)) continue;
    const t = (callsProcedure(p) ? withReturns : returns1).get(id);
    if (t) final.set(id, t);
  }
  for (const [id, t] of quietly(retyped)) final.set(id, t);
  settle(final);
}

/** Check a cleanly parsed site with its diagnostics thrown away, for what the walk records (returns, calls, writes). */
function walkQuietly(model: RulesetModel, symbols: SymbolTable, { site, parsed }: ParsedSite): StatementChecker {
  const checker = new StatementChecker(new CheckContext(model), symbols, site);
  const ast = parsed.ast!;
  if (ast.kind === 'script') checker.block(ast.body, siteScope(site, symbols));
  else checker.expr(ast, siteScope(site, symbols));
  return checker;
}

const callsAProcedure = (callees: ReadonlySet<string>, symbols: SymbolTable): boolean => [...callees].some((c) => symbols.procedureBodies.has(c));

/**
 * A global variable declared `type: list` that starts empty holds what it is set to: when every
 * `=` gives a list of one kind of entity (`ready = movers()`, `ready = if … then a() else b()`),
 * it is a list of that kind, so an action parameter that offers it (`unit: ready`) is that kind.
 * A new list without some of its own elements, or an empty one, says nothing; an element set in
 * place or cards drawn into it, a value of another kind, or a script that did not parse leave it
 * a list of any value. Walks only the scripts that could write one, after the procedures' returns
 * are known. True when one got an element type.
 */
function typeListVariables(model: RulesetModel, symbols: SymbolTable, sites: ParsedSite[]): boolean {
  const variables = symbols.data.variables as Record<string, { initial?: unknown }> | undefined;
  const candidates = [...symbols.globals.values()].filter((sym) => {
    if (sym.kind !== 'variable' || sym.type.k !== 'list' || sym.type.of.k !== 'any') return false;
    const initial = variables?.[sym.name]?.initial;
    return initial === undefined || initial === null || (Array.isArray(initial) && initial.length === 0);
  });
  if (candidates.length === 0 || sites.some(({ parsed }) => parsed.ast === null || parsed.diagnostics.some((d) => d.severity === 'error'))) return false;
  const names = new Set(candidates.map((sym) => sym.name));
  const writers = sites.filter(({ site, parsed }) => {
    const facts = scriptFacts(parsed.ast!);
    return facts.setInPlace.size > 0 || [...facts.set].some((n) => names.has(n)) || site.text.includes('into');
  });
  symbols.listWrites = new Map(candidates.map((sym) => [sym.name, []]));
  for (const site of writers) walkQuietly(model, symbols, site);
  const writes = symbols.listWrites;
  symbols.listWrites = undefined;
  let typed = false;
  for (const sym of candidates) {
    const types = writes.get(sym.name);
    if (!types || types.length === 0) continue;
    const t = types.reduce((a, b) => join(a, b));
    if (t.k === 'list' && t.of.k === 'entity' && !t.missing) {
      sym.type = listOf(t.of);
      typed = true;
    }
  }
  return typed;
}

/**
 * A procedure whose `return`s give numbers but for a few of another kind (a list, a record, true
 * or false; not text or values of unknown kind): a number that says where it is not, reported
 * where a call is used as a number. Fewer than half the returns may differ, at least two give numbers.
 */
function mixedReturns(model: RulesetModel, site: ScriptSite, types: readonly Ty[], spans: readonly Span[]): Ty | undefined {
  const given = types.map((t, i) => [t, spans[i]!] as const).filter(([t]) => t.k !== 'none');
  const others = given.filter(([t]) => !isNumeric(t));
  if (others.length === 0 || others.length * 2 >= given.length || given.length - others.length < 2) return undefined;
  if (others.some(([t]) => t.k === 'text' || t.k === 'any')) return undefined;
  const [first, span] = others[0]!;
  const where = model.rangeIn(site.path, span.start, Math.max(span.end, span.start + 1));
  const at = where ? `${where.file}:${where.range.start.line}:${where.range.start.column}` : String(site.path[1]);
  return { k: 'number', missing: { table: String(site.path[1]), field: '', rows: [], names: [], returned: { at, reads: describe(first) } } };
}

function checkSite(ctx: CheckContext, symbols: SymbolTable, parsedSite: ParsedSite): void {
  const before = ctx.diagnostics.length;
  checkSiteOnce(ctx, symbols, parsedSite);
  const { site, parsed } = parsedSite;
  const variants = site.path[0] === 'procedures' ? symbols.procedureVariants.get(String(site.path[1])) : undefined;
  if (variants && parsed.ast?.kind === 'script' && !parsed.diagnostics.length) checkVariants(ctx, symbols, site, parsed.ast, variants, ctx.diagnostics.slice(before));
}

function checkSiteOnce(ctx: CheckContext, symbols: SymbolTable, { site, parsed }: ParsedSite): void {
  const scope = siteScope(site, symbols);
  const checker = new StatementChecker(ctx, symbols, site);
  // A parameter named with a word of the language (`params: [from]`, already a `reserved-name`
  // error) makes every use of it a syntax error, and recovery then finds more: say the first, and why.
  const reserved = parsed.diagnostics.some((d) => d.severity === 'error') ? site.locals.map(([name]) => name).find((name) => RESERVED.has(name) && new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`).test(site.text)) : undefined;
  for (const d of reserved ? parsed.diagnostics.filter((x) => x.severity === 'error').slice(0, 1) : parsed.diagnostics) {
    const why = reserved ? ` (\`${reserved}\` is a parameter's name here, but a word of the rules language, so the script cannot use it; the rest of this script is checked once it is renamed)` : '';
    const hint = reserved ? `Rename the parameter (\`${reserved}_\` or a longer word) where it is declared and here.` : d.hint;
    ctx.atSpan(site.path, d.span, { code: d.code, message: d.message + why, severity: d.severity, ...(hint ? { hint } : {}) });
  }
  // Names are only checked in text that parsed cleanly: recovery can invent nodes, and errors
  // about invented names would bury the real syntax error.
  if (parsed.diagnostics.some((d) => d.severity === 'error') || !parsed.ast) {
    // The broken text still names what it uses: without this, one syntax error would also warn
    // that every table and procedure the script uses is unused.
    for (const word of site.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) symbols.used.add(word);
    return;
  }
  checker.reassigned = scriptFacts(parsed.ast).set;
  if (parsed.ast.kind === 'script') checker.block(parsed.ast.body, scope);
  else if (site.mode === 'place') checkPlace(ctx, checker, site, parsed.ast, scope);
  else {
    const t = checker.expr(parsed.ast, scope);
    if (site.result === 'number' && !isNumeric(t)) {
      const guess = site.path[0] === 'tracks' && site.path[2] === 'guess';
      ctx.atSpan(site.path, parsed.ast.span, site.path[0] === 'tracks' && site.path[2] === 'initial'
        ? { code: 'type-mismatch', message: `Track \`${String(site.path[1])}\` holds numbers, but its \`initial\` is ${describe(t)}.`, hint: 'Start it from a number: a prop that is one (`area.printed_defense`), or a number written out.' }
        : guess
        ? { code: 'type-mismatch', message: `A track's guess must be a number, but this is ${describe(t)}.`, hint: 'Give the value a seat assumes for a number it cannot see, such as the owner\'s printed value (`piece.guns`).' }
        : { code: 'type-mismatch', message: `A heuristic score must be a number, but this is ${describe(t)}.`, hint: 'Score the position with a number: higher is better for the side (or player), 0 is even.' });
    }
    // The runtime goes through an action's option list as `for each` does (`none` offers nothing).
    if (site.result === 'options' && (!isCollection(t) || (t.k === 'none' && t.from))) {
      const param = String(site.path[3]);
      const hint = t.k === 'none' && t.from ? `Give \`${t.from}\` a \`return\` of the list to choose from, or offer another list here.` : `Offer a list (\`select u in pieces where …\`, \`[a, b]\`), a range (\`1..6\`), or a deck, zone or area.`;
      ctx.atSpan(site.path, parsed.ast.span, { code: 'type-mismatch', message: `The options for \`${param}\` must be a list to choose from, but this is ${describe(t)}.`, hint });
    }
    // The runtime reads any value as a condition (none, 0 and "" as false), as `if` does; the checker asks for true or false in both.
    if (site.result === 'condition' && !isBoolish(t)) {
      const key = String(site.path[site.path.length - 1]);
      ctx.atSpan(site.path, parsed.ast.span, { code: 'type-mismatch', message: `\`${key}\` must be true or false, but this is ${describe(t)}.`, hint: t.k === 'none' && t.from ? `Give \`${t.from}\` a \`return\` of true or false.` : t.k === 'number' ? 'Compare it (`… > 0`, `… == 0`).' : t.k === 'list' ? 'Ask whether it has items: `size(…) > 0`.' : 'Write a condition: a comparison, `any … where …`, or `and`/`or` of them.' });
    }
    if (site.result === 'boolean' && !isBoolish(t)) {
      ctx.atSpan(site.path, parsed.ast.span, { code: 'invariant-not-boolean', message: `An invariant's \`${String(site.path[2])}\` must be true or false, but this is ${describe(t)}.`, hint: 'Write a condition: a comparison (`total == 40`), `all … where …`, or `and`/`or` of them.' });
    }
    if (site.readOnly) for (const p of (site.readOnly === 'prompt' ? promptActingParts : invariantActingParts)(parsed.ast, BUILTIN_FUNCTIONS_NAMES, symbols.procedureBodies)) ctx.atSpan(site.path, p.span, p.report);
  }
}

/** An action's options written as a plain number or true/false (the schema lets constants stand for expressions): never a list. */
function checkConstantOptions(ctx: CheckContext): void {
  const actions = ctx.model.data.actions;
  if (!isRecord(actions)) return;
  for (const [id, a] of Object.entries(actions)) {
    if (!isRecord(a) || !isRecord(a.params)) continue;
    for (const [name, raw] of Object.entries(a.params)) {
      const options = isRecord(raw) ? raw.options : raw;
      if (typeof options !== 'number' && typeof options !== 'boolean') continue;
      ctx.atValue(paramOptionsPath(id, name, raw), { code: 'type-mismatch', message: `The options for \`${name}\` must be a list to choose from, but this is ${typeof options === 'number' ? 'a number' : 'a true/false value'}.`, hint: `Offer a list (\`select u in pieces where …\`, \`[a, b]\`), a range (\`1..${typeof options === 'number' && options >= 1 ? options : 6}\`), or a deck, zone or area.` });
    }
  }
}

/**
 * A value the rules read and also take from (`actions.pool`): a track or variable, or a member or
 * element of one. Checked as the target of `place -= 1`, so it gets every diagnostic an
 * assignment's target gets (not a track or variable, not a number, a read-only member).
 */
function checkPlace(ctx: CheckContext, checker: StatementChecker, site: ScriptSite, ast: Expr, scope: Scope): void {
  if (ast.kind !== 'name' && ast.kind !== 'member' && ast.kind !== 'index') {
    ctx.atSpan(site.path, ast.span, { code: 'pool-not-a-variable', message: `\`${String(site.path[site.path.length - 1])}\` must name a value the rules can change, but this is a computed value.`, hint: 'Name a track or variable (`action_points`, `side.action_points`); for points counted from a computed value, write `points:` instead.' });
    return;
  }
  checker.block([{ kind: 'assign', op: '-=', target: ast, value: { kind: 'number', value: 1, span: ast.span }, span: ast.span }], scope);
}

export { CheckContext, type Reference } from './context.ts';
