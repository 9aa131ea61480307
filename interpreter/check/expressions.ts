import { assertNever, type ChooseExpr, type Expr, type Span } from '../../grammar/index.ts';
import { BUILTIN_FUNCTIONS, ENTITY_MEMBERS, BUILTIN_NAMES } from './signatures.ts';
import type { CheckContext, Report } from './context.ts';
import { codeList, isRecord } from './context.ts';
import type { Scope } from './scope.ts';
import type { ScriptSite } from './sites.ts';
import { perOwnerHint } from './per-owner-hint.ts';
import { didYouMean } from './suggest.ts';
import { isPlayerId } from './member-names.ts';
import { diceProblem } from './limits.ts';
import { previewActingParts, previewTypeOk, previewTypeReport } from './preview.ts';
import { keyRows, lookupKey, namesIn, rootName, typeFacts } from './conditional-spans.ts';
import { keyedRowsType, recordIndexType, tableRowType, writtenField } from './table-types.ts';
import { builtinCallReports, resolvesRow } from './builtin-calls.ts';
import { numberForLabelledColumns } from './table-columns.ts';
import { lackingReport } from './lacking-props.ts';
import { drawIntoReport, listIndexReport, placeArgReport, plusType } from './operation-types.ts';
import { literalKey, tableKeyReport } from './table-keys.ts';
import { mayChange, neverEqualReports, rangeInListReport } from './text-values.ts';
import { everyAreaReports, everyEntityReport, lackingPropOf, namedTypesLacking, namedTypeReport, onlyKindWith } from './prop-reads.ts';
import { missingReport, mixedRows } from './missing-reports.ts';
import type { SymbolTable } from './symbols.ts';
import { globalKindIn, lostArgumentReports } from './lost-changes.ts';
import { fractionalCountReport } from './counts.ts';
import { oddListItems } from './odd-list-items.ts';
import { oneChooserReport, seatChoiceReport, seatNameReport } from './seats.ts';
import { cardIdReport, deckMemberType, ownCardProp } from './card-ids.ts';
import { bareTextReport, type Compared } from './bare-texts.ts';
import { secretRead, type SecretRead } from './secret-tests.ts';
import { knownMembers } from './value-members.ts';
import { ANY, BOOL, NONE, NUMBER, RANGE, ROLL, TEXT, cardOf, describe, elementOf, EMPTY_LIST, entity, isBoolish, isCollection, isNumeric, join, listOf, mayBeEntity, textOf, type Ty } from './types.ts';

/**
 * Resolves names and infers types in expressions, reporting what it can prove wrong.
 * Statement checking builds on it (statements.ts).
 */
export class ExpressionChecker {
  /** The one `choose` node that may appear here (the whole value of a statement). */
  protected choiceAllowed: Expr | null = null;

  constructor(protected readonly ctx: CheckContext, protected readonly symbols: SymbolTable, protected readonly site: ScriptSite) {}

  /** Names this site sets with `=` or changes in place (index.ts sets it before the walk that reports). */
  reassigned: ReadonlySet<string> = new Set();
  /** Reads of what a face-down piece keeps secret, for the lines a test of them chooses (secret-tests.ts). */
  protected readonly secretReads: SecretRead[] = [];

  protected report(span: Span, r: Report): void {
    this.ctx.atSpan(this.site.path, span, r);
  }

  /** A use of the ruleset's name `name`, written at `span`. */
  protected use(name: string, span: Span): void {
    this.symbols.used.add(name);
    this.ctx.reference(name, this.site.path, span);
  }

  protected reportIf(span: Span, r: Report | undefined): void {
    if (r) this.report(span, r);
  }

  protected expect(t: Ty, ok: (t: Ty) => boolean, span: Span, wanted: string, what: string): void {
    // A number that says where it is not one (a table field some rows lack, a prop of mixed kinds…).
    if (ok(t) && t.missing && ok === isNumeric) this.report(span, missingReport(t.missing, what));
    else if (!ok(t)) {
      const hint = t.k === 'none' && t.from ? `Give \`${t.from}\` a \`return\` of ${wanted}, or use another value here.` : t.k === 'none' && t.lacks ? `Card \`${t.lacks.card}\` has no \`${t.lacks.prop}\` prop, so its own effect reads none: add it to the card's \`props:\`, or read another.` : `Use ${wanted} here.`;
      this.report(span, { code: 'type-mismatch', message: `${what} must be ${wanted}, but this is ${describe(t)}.`, hint });
    }
  }

  expr(e: Expr, scope: Scope): Ty {
    switch (e.kind) {
      case 'number': return NUMBER;
      case 'bool': return BOOL;
      case 'none': return NONE;
      case 'string':
        for (const part of e.parts) if (typeof part !== 'string') this.expr(part, scope);
        return e.parts.every((p) => typeof p === 'string') ? textOf([e.parts.join('')]) : TEXT;
      case 'list': {
        let t: Ty | undefined;
        const kinds: Ty[] = [];
        for (const item of e.items) {
          const k = this.expr(item, scope);
          kinds.push(k);
          t = t ? join(t, k) : k;
        }
        for (const [span, r] of oddListItems(e.items, kinds)) this.report(span, r);
        return t ? listOf(t) : EMPTY_LIST;
      }
      case 'record': {
        const fields = new Map<string, Ty>();
        for (const f of e.fields) fields.set(f.key, this.expr(f.value, scope));
        return { k: 'record', fields };
      }
      case 'range':
        this.expect(this.expr(e.from, scope), isNumeric, e.from.span, 'a number', 'The start of a range');
        if (e.to) this.expect(this.expr(e.to, scope), isNumeric, e.to.span, 'a number', 'The end of a range');
        return RANGE;
      case 'name': {
        const t = this.name(e.name, e.span, scope);
        // A parameter given a number that may not be one: not where a condition tests it.
        return t.missing ? this.unlessTested(t, e.name, scope) : t;
      }
      case 'member': {
        let object = this.expr(e.object, scope);
        // Rows of a table that are not records, where the others are: reading a field of one stops the game.
        if (object.k === 'record' && object.missing?.kind) object = this.unlessTested(object, rootName(e.object), scope);
        if (object.k === 'record' && object.missing?.kind) {
          this.report(e.propertySpan, mixedRows(object.missing, (x) => `${capital(x)}: there it has no \`${e.property}\`.`, 'a record'));
          return ANY;
        }
        const root = rootName(e.object);
        const secret = secretRead(this.ctx, object, e, root); if (secret) this.secretReads.push(secret);
        // Piece types named in a list written out (`for each t in [dragoon, hussar]`): each must have
        // the prop; what those types are is known, so the groups' guess below is not needed.
        const named = object.k === 'entity' && object.e === 'piece-type' ? object.ids : undefined;
        const namedReport = named && root !== undefined ? namedTypesLacking(this.ctx.model.data, this.symbols, named, e.property, root, scope) : undefined;
        if (namedReport) this.report(e.propertySpan, namedReport);
        // A piece type named right there (not a local, which may be set to another): its own props.
        const one = object.k === 'entity' && object.e === 'piece-type' && object.id && e.object.kind === 'name' && !scope.lookup(e.object.name) ? namedTypeReport(this.symbols, object.id, e.property) : undefined;
        if (one) { this.report(e.propertySpan, one); return ANY; }
        const lacking = named ? undefined : lackingPropOf(this.symbols, this.site, object, e.property);
        if (lacking && !(root !== undefined && scope.keepsOut(root, lacking.lacking, (m, f) => this.symbols.isOf(lacking.of, m, f)))) this.report(e.propertySpan, { code: 'missing-prop', ...lackingReport(e.property, lacking) });
        else if (e.object.kind === 'name' && !scope.isTested([e.object.name])) {
          const every = everyEntityReport(this.symbols, this.site, e.object.name, e.property);
          if (every) this.report(e.propertySpan, every);
        }
        const t = this.unlessTested(this.member(object, e.property, e.propertySpan), root, scope);
        // Past a member only one kind of entity has, a name of unknown kind is that kind (or the game stopped there).
        if (object.k === 'any' && e.object.kind === 'name' && scope.lookup(e.object.name)) {
          const only = onlyKindWith(this.symbols, this.site, e.property);
          if (only) scope.narrow(e.object.name, entity(only));
        }
        return t;
      }
      case 'index': return this.index(e, scope);
      case 'call':
        // A procedure that asks a player must be a statement's whole value (the game pauses there).
        if (this.choiceAllowed !== e && this.symbols.lookup(e.callee)?.kind === 'procedure' && this.symbols.asks(e.callee)) {
          this.report(e.calleeSpan, { code: 'choice-in-expression', message: `Procedure \`${e.callee}\` asks a player to choose, so it cannot be used inside an expression: the game pauses there for an answer.`, hint: `Call it on its own line (\`let x = ${e.callee}(…)\`), then use \`x\`.` });
        }
        return this.call(e.callee, e.calleeSpan, e.args, e.span, scope);
      case 'unary': {
        const t = this.expr(e.operand, scope);
        if (e.op === 'not') { this.expect(t, isBoolish, e.operand.span, 'true or false', '`not`'); return BOOL; }
        this.expect(t, isNumeric, e.operand.span, 'a number', 'A negated value');
        return NUMBER;
      }
      case 'binary': return this.binary(e.op, e.left, e.right, scope);
      case 'if-expr':
        this.expect(this.expr(e.condition, scope), isBoolish, e.condition.span, 'true or false', 'The condition of `if`');
        return join(this.expr(e.then, scope.testing(namesIn(e.condition), typeFacts(e.condition, this.symbols.stateMembers))), this.expr(e.else, scope.testing(namesIn(e.condition))));
      case 'dice': {
        this.expect(this.expr(e.count, scope), isNumeric, e.count.span, 'a number', 'The number of dice');
        this.reportIf(e.count.span, fractionalCountReport(e.count, 'The number of dice'));
        if ('named' in e.die) this.die(e.die.named, e.die.span);
        const tooMany = diceProblem(e.count.kind === 'number' ? e.count.value : undefined, undefined);
        const tooLarge = diceProblem(undefined, 'sides' in e.die ? e.die.sides : undefined);
        if (tooMany) this.report(e.count.span, tooMany);
        if (tooLarge) this.report(e.span, tooLarge);
        return ROLL;
      }
      case 'roll-on': return this.rollOn(e, scope);
      case 'query': {
        const inner = this.bind(e.binder, e.binderSpan, e.source, scope);
        if (e.where) this.expect(this.expr(e.where, inner.scope), isBoolish, e.where.span, 'true or false', 'A `where` condition');
        for (const r of everyAreaReports(this.symbols, e, (n) => scope.lookup(n) !== undefined)) this.report(r.span, r.report);
        if (e.op === 'count') return NUMBER;
        if (e.op === 'any' || e.op === 'all') return BOOL;
        return e.op === 'first' ? inner.element : listOf(inner.element);
      }
      case 'aggregate': {
        const inner = this.bind(e.binder, e.binderSpan, e.source, scope);
        if (e.where) this.expect(this.expr(e.where, inner.scope), isBoolish, e.where.span, 'true or false', 'A `where` condition');
        this.expect(this.expr(e.value, inner.scope.testing(namesIn(e.where), typeFacts(e.where, this.symbols.stateMembers))), isNumeric, e.value.span, 'a number', `The value of \`${e.op}\``);
        return NUMBER;
      }
      case 'sort': {
        const inner = this.bind(e.binder, e.binderSpan, e.source, scope);
        this.expr(e.by, inner.scope);
        return listOf(inner.element);
      }
      case 'draw': {
        if (e.count) this.expect(this.expr(e.count, scope), isNumeric, e.count.span, 'a number', 'The number of cards');
        if (e.count) this.reportIf(e.count.span, fractionalCountReport(e.count, 'The number of cards'));
        const deck = this.expr(e.deck, scope);
        this.expect(deck, (t) => t.k === 'any' || (t.k === 'entity' && (t.e === 'deck' || t.e === 'zone')), e.deck.span, 'a deck', 'What you draw from');
        if (e.into) {
          const into = drawIntoReport(this.expr(e.into, scope), this.ctx.model.data.zones);
          if (into) this.report(e.into.span, into);
          // Cards drawn into a list variable: not followed by the inference of its elements (index.ts).
          if (e.into.kind === 'name' && !scope.lookup(e.into.name) && this.symbols.listWrites?.has(e.into.name)) this.symbols.listWrites.set(e.into.name, null);
        }
        const card = deck.k === 'entity' && deck.e === 'deck' ? cardOf(deck) : entity('card');
        return e.count ? listOf(card) : card;
      }
      case 'choose':
        if (this.choiceAllowed !== e) {
          this.report(e.span, { code: 'choice-in-expression', message: 'A `choose` must be the whole value of `let`, an assignment, or a statement of its own: the game pauses there for an answer.', hint: 'Write `let x = choose …` on its own line, then use `x`.' });
        }
        return this.choose(e, scope);
      default: return assertNever(e);
    }
  }

  /** A value read from a field some rows lack, unless a condition around it tests `name` or what it came from. */
  protected unlessTested(t: Ty, name: string | undefined, scope: Scope): Ty {
    if (!t.missing) return t;
    const names = name === undefined || t.missing.names.includes(name) ? t.missing.names : [...t.missing.names, name];
    // A prop of another kind in some piece types (areas): a test of what the value's owner is that
    // those pass keeps nothing out (as for missing-prop, Scope.keepsOut).
    const prop = t.missing.prop;
    const owner = prop && name !== undefined && t.missing.names.length === 0 ? name : undefined;
    // `x != none` keeps out rows left empty, not rows (or props) of another kind (`false` among records).
    const odd = (t.missing.kind && t.missing.kind.reads !== '`none`') || (prop && prop.reads !== '`none`');
    const key = keyRows(t.missing);
    const kept = owner !== undefined ? scope.keepsOut(owner, prop!.types, (m, f) => this.symbols.isOf(prop!.of ?? 'piece', m, f)) : scope.isTestedBeyond(names, { none: !!odd, ...(key ? { key } : {}) });
    if (kept) {
      const { missing: _, ...known } = t;
      return known as Ty;
    }
    return { ...t, missing: { ...t.missing, names } };
  }

  /** What the bare name being read is compared with, while `comparedWith` reads it. */
  private compared: Compared | undefined;

  private comparedWith(compared: Compared | undefined, e: Expr, scope: Scope): Ty {
    this.compared = compared;
    try { return this.expr(e, scope); } finally { this.compared = undefined; }
  }

  protected name(name: string, span: Span, scope: Scope): Ty {
    const local = scope.lookup(name);
    if (local) return this.unlessTested(local, name, scope);
    const sym = this.symbols.lookup(name);
    if (sym?.kind === 'procedure') {
      this.use(name, span);
      this.report(span, { code: 'unknown-name', message: `\`${name}\` is a procedure, not a value: a script can only call it.`, hint: `Call it: \`${name}(${(sym.params ?? []).join(', ')})\`.` });
      return ANY;
    }
    if (sym) {
      this.use(name, span);
      return sym.type;
    }
    const builtin = BUILTIN_NAMES.get(name);
    if (builtin && (name === 'player' || name === 'side')) this.reportIf(span, seatNameReport(name, this.site));
    if (builtin) return builtin.type;
    const card = cardIdReport(this.symbols.data, name);
    if (card) { this.report(span, card); return ANY; }
    const dym = didYouMean(name, [...scope.visibleNames(), ...this.symbols.allNames().filter((n) => !['procedure', 'action'].includes(this.symbols.lookup(n)?.kind ?? ''))]); // a value is wanted: no procedure is one
    const bare = bareTextReport(this.symbols, name, this.compared, dym.suggestion);
    if (bare) { this.report(span, bare); return ANY; }
    this.report(span, {
      code: 'unknown-name',
      message: `Unknown name \`${name}\`.${dym.text}`,
      hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Define it (a table, track, variable, zone…, or `let` it first) or check the spelling.',
      ...(dym.suggestion ? { fix: dym.suggestion } : {}),
    });
    return ANY;
  }


  protected member(object: Ty, property: string, span: Span): Ty {
    // A per-owner track, variable or zone is the ruleset's name too: `red.score` uses `score`.
    if ((object.k === 'entity' || object.k === 'any') && this.symbols.perEntity(property)) this.ctx.reference(property, this.site.path, span);
    // A card or deck of a known deck: its cards' `id` and `name` are that deck's (card-ids.ts).
    const ofDeck = deckMemberType(object, property, this.symbols.cardTexts) ?? ownCardProp(object, property, this.symbols.assignedMembers);
    if (ofDeck) return ofDeck;
    const known = knownMembers(object, this.symbols);
    if (!known) return this.memberOfUnknown(property, span);
    const t = known.get(property);
    // Only numbers are followed: a field other rows give as text or a list is read as such far less.
    const lacking = object.k === 'record' ? object.lacking?.get(property) : undefined;
    const key = object.k === 'record' && object.key !== undefined ? { key: object.key } : {};
    if (t && lacking && t.k === 'number' && object.k === 'record') return { ...t, missing: { ...lacking, field: property, names: object.keys ?? [], ...key } };
    if (t?.missing && object.k === 'record') return { ...t, missing: { ...t.missing, names: object.keys ?? [], ...key } };
    if (t) return t;
    const dym = didYouMean(property, known.keys());
    this.report(span, {
      code: 'unknown-property',
      message: `${capital(describe(object))} has no \`${property}\`.${dym.text}`,
      hint: perOwnerHint(this.symbols.data, object, property) ?? (dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : undefined) ?? (known.size ? `Known: ${[...known.keys()].slice(0, 24).join(', ')}${known.size > 24 ? ` and ${known.size - 24} more` : ''}.` : `${capital(describe(object))} has no members; check what the expression before \`.\` gives.`),
      ...(dym.suggestion ? { fix: dym.suggestion } : {}),
    });
    return ANY;
  }

  /** A member of a value of unknown kind: only a name no value of the ruleset can have is wrong. */
  private memberOfUnknown(property: string, span: Span): Ty {
    const possible = this.symbols.possibleMembers;
    // A prior scores the options of any question, values the rules never name (test/fixtures/check/decks-map.yaml).
    if (!possible || isPlayerId(property) || this.site.path[0] === 'heuristics') return ANY;
    if (possible.names.has(property)) return possible.types.get(property) ?? ANY;
    const dym = didYouMean(property, possible.names);
    this.report(span, {
      code: 'unknown-property',
      message: `No value in this ruleset has a \`${property}\`: no piece, card, area, player, side or zone declares it, and no table row or record has that field.${dym.text}`,
      hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Use a declared prop, field, per-entity track or variable, or declare it.',
      ...(dym.suggestion ? { fix: dym.suggestion } : {}),
    });
    return ANY;
  }

  private index(e: Extract<Expr, { kind: 'index' }>, scope: Scope): Ty {
    const object = this.expr(e.object, scope);
    const keyTypes = e.keys.map((k) => this.expr(k, scope));
    if (e.shift) this.expect(this.expr(e.shift, scope), isNumeric, e.shift.span, 'a number', 'A column shift');
    if (object.k === 'entity' && object.e === 'table' && object.id) {
      const id = object.id;
      const table = this.tableDef(id);
      const cross = Array.isArray(table?.columns);
      const wanted = cross ? 2 : 1;
      if (e.keys.length !== wanted) {
        this.report(e.span, {
          code: 'wrong-arity',
          message: `\`${object.id}\` is ${cross ? 'a cross table: look it up with a row and a column' : 'indexed by one key'}, but ${e.keys.length} ${e.keys.length === 1 ? 'key was' : 'keys were'} given.`,
          hint: cross ? `Write \`${object.id}[row, column]\`.` : `Write \`${object.id}[key]\`.`,
        });
      } else if (e.shift && !cross) {
        this.report(e.shift.span, { code: 'wrong-arity', message: `Only cross tables have columns to shift; \`${object.id}\` has none.`, hint: 'Remove `shift …`, or add `columns:` to the table.' });
      }
      const labelled = cross && e.keys.length === 2 ? numberForLabelledColumns(object.id, table?.columns, keyTypes[1]!) : undefined;
      if (labelled) this.report(e.keys[1]!.span, labelled);
      // A row or column key written out, or dice plus numbers, that no row (column) holds; a labelled column's number is reported above.
      for (const [i, k] of e.keys.slice(0, labelled ? 1 : wanted).entries()) this.reportIf(k.span, tableKeyReport(table, id, k, this.ctx.model.data.dice, i === 0 ? 'row' : 'column'));
      const key = e.keys.length === 1 ? literalKey(e.keys[0]!) : undefined;
      const named = keyTypes[0]?.k === 'entity' ? keyTypes[0].ids : undefined;
      const row = key !== undefined ? tableRowType(table, object.id, key) : named && e.keys.length === 1 ? keyedRowsType(table, object.id, named) : undefined;
      if (row?.missing) return { ...row, missing: { ...row.missing, names: e.keys.flatMap(namesIn), ...lookupKey(e.keys) } };
      if (row) return row;
      const t = this.symbols.tableCellType(object.id);
      if (t.missing) return this.unlessTested({ ...t, missing: { ...t.missing, names: e.keys.flatMap(namesIn), ...lookupKey(e.keys) } }, undefined, scope);
      return t.k === 'record' && t.lacking ? { ...t, keys: e.keys.flatMap(namesIn), ...lookupKey(e.keys) } : t;
    }
    // Lists count from 1 by whole numbers: `cards["ace"]` stops the game (a record reads keys), `cards[0]` is none; `cards[2..4]` is a slice.
    if (object.k === 'list' && keyTypes.length === 1 && keyTypes[0]!.k === 'range') return object;
    if (object.k === 'list' && keyTypes.length === 1) this.expect(keyTypes[0]!, isNumeric, e.keys[0]!.span, 'a number', 'The index of a list');
    const fromOne = object.k === 'list' && e.keys.length === 1 ? listIndexReport(e.object, e.keys[0]!) : undefined; if (fromOne) this.report(e.keys[0]!.span, fromOne);
    const written = writtenField(object, e.keys); if (written) return this.member(object, written.name, written.span);
    return object.k === 'list' ? object.of : (recordIndexType(object, e.keys, e.keys.flatMap(namesIn)) ?? ANY);
  }

  private rollOn(e: Extract<Expr, { kind: 'roll-on' }>, scope: Scope): Ty {
    const columnType = e.column ? this.expr(e.column, scope) : undefined;
    if (e.shift) this.expect(this.expr(e.shift, scope), isNumeric, e.shift.span, 'a number', 'A column shift');
    const sym = this.symbols.lookup(e.table);
    if (!sym || sym.kind !== 'table') {
      if (!sym) this.name(e.table, e.tableSpan, scope);
      else this.report(e.tableSpan, { code: 'type-mismatch', message: `\`${e.table}\` is a ${sym.kind}, not a table.`, hint: 'Roll on a table defined under `tables:`.' });
      return ANY;
    }
    this.use(e.table, e.tableSpan);
    const table = this.tableDef(e.table);
    if (table && typeof table.roll !== 'string') {
      this.report(e.tableSpan, { code: 'table-not-rollable', message: `\`${e.table}\` has no \`roll:\`, so there is nothing to roll on it.`, hint: `Add \`roll: 1d6\` (or the right dice) to the table, or look it up with \`${e.table}[key]\`.` });
    }
    const cross = Array.isArray(table?.columns);
    if (cross && !e.column) this.report(e.span, { code: 'wrong-arity', message: `\`${e.table}\` is a cross table: say which column to roll in.`, hint: `Write \`roll on ${e.table} column <value>\`.` });
    if (!cross && e.column) this.report(e.column.span, { code: 'wrong-arity', message: `\`${e.table}\` has no columns.`, hint: 'Remove `column …`.' });
    const labelled = cross && e.column && columnType ? numberForLabelledColumns(e.table, table?.columns, columnType) : undefined;
    if (labelled) this.report(e.column!.span, labelled);
    else if (cross && e.column) this.reportIf(e.column.span, tableKeyReport(table, e.table, e.column, this.ctx.model.data.dice, 'column'));
    return this.symbols.tableCellType(e.table);
  }

  protected call(callee: string, calleeSpan: Span, args: Expr[], span: Span, scope: Scope): Ty {
    const argTypes = args.map((a) => this.expr(a, scope));
    const sym = this.symbols.lookup(callee);
    if (sym?.kind === 'procedure') {
      this.use(callee, calleeSpan);
      const n = sym.params?.length ?? 0;
      if (args.length !== n) this.arity(callee, n, n, args.length, span);
      const calls = this.symbols.callArgs;
      if (calls) {
        // Appended in place: copying the list at every call was quadratic in a procedure's calls.
        const call = { types: argTypes, path: this.site.path, span };
        const list = calls.get(callee);
        if (list) list.push(call);
        else calls.set(callee, [call]);
      }
      const body = this.symbols.procedureBodies.get(callee);
      if (body) for (const lost of lostArgumentReports(callee, body, args, argTypes, globalKindIn(scope, this.symbols), this.symbols.data.variables)) this.report(lost.span, lost.report);
      return this.symbols.procedureReturns.get(callee) ?? ANY;
    }
    const builtin = BUILTIN_FUNCTIONS.get(callee);
    if (builtin && !sym) builtinCallReports({ data: this.ctx.model.data, symbols: this.symbols, tableDef: (id) => this.tableDef(id), report: (at, r) => this.report(at, r), inExpression: this.choiceAllowed?.span !== span }, callee, calleeSpan, args, span, argTypes);
    if (builtin && callee === 'resolve' && resolvesRow(args[0], this.symbols)) return ANY;
    if (builtin) {
      if (args.length < builtin.min || args.length > builtin.max) this.arity(callee, builtin.min, builtin.max, args.length, span);
      argTypes.forEach((t, i) => {
        const p = builtin.params[Math.min(i, builtin.params.length - 1)];
        if (p?.k === 'number' && (t.missing || !(isNumeric(t) || (i === 0 && args.length === 1 && t.k === 'list')))) this.expect(t, isNumeric, args[i]!.span, 'a number', `Argument ${i + 1} of \`${callee}\``);
        const wrong = p ? placeArgReport(callee, i, p, t) : undefined;
        if (wrong) this.report(args[i]!.span, wrong);
      });
      return typeof builtin.returns === 'function' ? builtin.returns(argTypes, this.ctx.model.data) : builtin.returns;
    }
    if (sym) {
      this.report(calleeSpan, { code: 'not-callable', message: `\`${callee}\` is a ${sym.kind}, not a procedure.`, hint: sym.kind === 'table' ? `Look tables up with \`${callee}[key]\`.` : 'Only procedures and built-in functions can be called.' });
      return ANY;
    }
    const dym = didYouMean(callee, [...BUILTIN_FUNCTIONS.keys(), ...[...this.symbols.globals.values()].filter((s) => s.kind === 'procedure').map((s) => s.name)]);
    this.report(calleeSpan, { code: 'unknown-name', message: `Unknown procedure or function \`${callee}\`.${dym.text}`, hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Define it under `procedures:` or check docs/language.md for the built-in functions.', ...(dym.suggestion ? { fix: dym.suggestion } : {}) });
    return ANY;
  }

  private arity(callee: string, min: number, max: number, got: number, span: Span): void {
    const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    this.report(span, { code: 'wrong-arity', message: `\`${callee}\` takes ${wanted} argument${wanted === '1' ? '' : 's'}, but ${got} ${got === 1 ? 'was' : 'were'} given.`, hint: `Call it with ${wanted} argument${wanted === '1' ? '' : 's'}.` });
  }

  private binary(op: string, left: Expr, right: Expr, scope: Scope): Ty {
    // `a.type == city`: a bare name is read knowing what it is compared with (bare-texts.ts).
    const eq = op === '==' || op === '!=';
    const early = eq && left.kind === 'name' && right.kind !== 'name' ? this.expr(right, scope) : undefined;
    const l = this.comparedWith(early && { type: early, expr: right }, left, scope);
    // `row.x != none and row.x > 2`: the right side runs only when the left allows it.
    const r = early ?? this.comparedWith(eq && right.kind === 'name' ? { type: l, expr: left } : undefined, right, op === 'and' ? scope.testing(namesIn(left), typeFacts(left, this.symbols.stateMembers)) : op === 'or' ? scope.testing(namesIn(left)) : scope);
    switch (op) {
      case 'and': case 'or':
        this.expect(l, isBoolish, left.span, 'true or false', `Each side of \`${op}\``);
        this.expect(r, isBoolish, right.span, 'true or false', `Each side of \`${op}\``);
        return BOOL;
      case 'in':
        this.expect(r, isCollection, right.span, 'a list, range or collection', 'The right side of `in`');
        this.reportIf(right.span, rangeInListReport(right, l));
        return BOOL;
      case '==': case '!=': for (const x of neverEqualReports(op, left, right, l, r, (v) => mayChange(v, scope, this.reassigned, this.symbols.assignedMembers), this.symbols)) this.report(x.span, x.report); return BOOL;
      case '<': case '<=': case '>': case '>=':
        this.expect(l, isNumeric, left.span, 'a number', `Each side of \`${op}\``);
        this.expect(r, isNumeric, right.span, 'a number', `Each side of \`${op}\``);
        return BOOL;
      default:
        { const joined = op === '+' ? plusType(l, r, [left.span, right.span], (span, x) => this.report(span, x)) : undefined; if (joined) return joined; }
        this.expect(l, isNumeric, left.span, 'a number', `Each side of \`${op}\``);
        this.expect(r, isNumeric, right.span, 'a number', `Each side of \`${op}\``);
        return NUMBER;
    }
  }

  private choose(e: ChooseExpr, scope: Scope): Ty {
    if (this.site.noSeat && !e.by) this.report(e.span, seatChoiceReport());
    const bound = e.each ? this.bind(e.each.binder, e.each.binderSpan, e.each.source, scope) : undefined;
    const inner = bound?.scope ?? scope;
    if (bound && !this.site.noSeat) this.reportIf(e.span, oneChooserReport(e, bound.element, this.site.text));
    if ('count' in e.mode) this.expect(this.expr(e.mode.count, inner), isNumeric, e.mode.count.span, 'a number', 'How many to choose');
    if ('count' in e.mode) this.reportIf(e.mode.count.span, fractionalCountReport(e.mode.count, 'How many to choose'));
    const from = this.expr(e.from, inner);
    if (e.mode.kind === 'number') this.expect(from, (t) => t.k === 'range' || t.k === 'any' || t.k === 'list', e.from.span, 'a range such as `0..5`', 'A number choice');
    else this.expect(from, isCollection, e.from.span, 'a list of options', 'What to choose from');
    if (e.by) this.expect(this.expr(e.by, inner), (t) => mayBeEntity(t, ['player', 'side'], true), e.by.span, 'a player or a side', 'Who chooses (`by`)');
    if (e.prompt) this.expr(e.prompt, inner);
    if (e.preview) {
      // The option being previewed is `option`, beside the `for each` binder.
      const seen = inner.child();
      seen.define('option', e.mode.kind === 'number' ? NUMBER : elementOf(from), null);
      const t = this.expr(e.preview, seen);
      if (!previewTypeOk(t)) this.report(e.preview.span, previewTypeReport(t));
      for (const p of previewActingParts(e.preview, BUILTIN_FUNCTION_NAMES, this.symbols.procedureBodies)) this.report(p.span, p.report);
    }
    const one = e.mode.kind === 'number' ? NUMBER : e.mode.kind === 'one' ? elementOf(from) : listOf(elementOf(from));
    return e.each ? { k: 'record' } : one;
  }

  /** Check a collection and open a scope with its binder. */
  protected bind(binder: string, binderSpan: Span, source: Expr, scope: Scope): { scope: Scope; element: Ty } {
    const t = source.kind === 'name' ? this.comparedWith({ binder }, source, scope) : this.expr(source, scope);
    this.expect(t, isCollection, source.span, 'a list or collection', 'What `in` iterates over');
    const inner = scope.child();
    const element = elementOf(t);
    inner.define(binder, element, binderSpan);
    return { scope: inner, element };
  }

  private die(name: string, span: Span): void {
    const sym = this.symbols.lookup(name);
    if (sym?.kind === 'die') {
      this.use(name, span);
      return;
    }
    const dice = [...this.symbols.globals.values()].filter((s) => s.kind === 'die').map((s) => s.name);
    const dym = didYouMean(name, dice);
    this.report(span, { code: 'unknown-die', message: `No die named \`${name}\` is defined.${dym.text}`, hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Declare it under `dice:` with its faces.', ...(dym.suggestion ? { fix: dym.suggestion } : {}) });
  }

  protected tableDef(id: string): Record<string, unknown> | undefined {
    const t = isRecord(this.symbols.data.tables) ? this.symbols.data.tables[id] : undefined;
    return isRecord(t) ? t : undefined;
  }
}

const BUILTIN_FUNCTION_NAMES: ReadonlySet<string> = new Set(BUILTIN_FUNCTIONS.keys());

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
