import { assertNever, type Expr, type Span, type Stmt } from '../../grammar/index.ts';
import { ENTITY_MEMBERS } from './signatures.ts';
import { ExpressionChecker } from './expressions.ts';
import type { Scope } from './scope.ts';
import { isRecord, type Report } from './context.ts';
import { exitNoneOnly, mayExit, namesIn, typeFacts } from './conditional-spans.ts';
import { BUILTIN_NAMES } from './signatures.ts';
import { ANY, describe, isBoolish, isNumeric, mayBeEntity, type Ty } from './types.ts';
import { cardsReport, piecesReport, placeReport } from './operation-types.ts';
import { fractionalCountReport } from './counts.ts';
import { publicTarget, secretLineReport, secretValueReport, testedSecrets } from './secret-tests.ts';
import { shadowReport } from './shadows.ts';
import { variableType } from './symbols.ts';
import { changeableCopy, copiedFrom, droppedValueReport, globalKindIn, itemsAreValues, lostChangeReport, onlyChanges } from './lost-changes.ts';

/** Members an assignment may never change: identity and structure, not state. */
const READ_ONLY = new Set(['id', 'type', 'name', 'kind', 'seat', 'deck', 'pieces', 'cards', 'discards', 'neighbours', 'players', 'column', 'row', 'size']);
const NOT_ASSIGNABLE_KINDS = new Set(['table', 'deck', 'die', 'piece-type', 'zone', 'area', 'side', 'option', 'procedure', 'action', 'phase']);

/** Checks statements: scopes, loops, assignments; expressions via ExpressionChecker. */
export class StatementChecker extends ExpressionChecker {
  private loopDepth = 0;
  /** The secrets of face-down pieces the `if` tests around this statement chose it by (secret-tests.ts). */
  private lineSecrets: readonly string[] = [];
  /** Names of pieces this script has revealed to everyone so far, in the order it is written. */
  private readonly faceUp = new Set<string>();
  /** The type of each `return` with a value, for inferring what a procedure gives (index.ts). */
  readonly returns: Ty[] = [];
  /** Where each of `returns` is (its value's span). */
  readonly returnSpans: Span[] = [];

  block(body: Stmt[], scope: Scope): void {
    body.forEach((s, i) => {
      this.stmt(s, scope);
      if (s.kind === 'let') this.lostChanges(s.name, s.value, scope.peek(s.name), body.slice(i + 1), false, scope);
    });
    for (const u of scope.unused()) {
      this.report(u.span, { severity: 'warning', code: 'unused-local', message: `\`${u.name}\` is set but never used.`, hint: 'Remove the `let`, or use the value.' });
    }
  }

  private stmt(s: Stmt, scope: Scope): void {
    switch (s.kind) {
      case 'let':
        if (!scope.peek(s.name)) this.reportIf({ start: s.span.start, end: s.nameSpan.end }, shadowReport(s.name, this.symbols.lookup(s.name)?.kind, 'let'));
        scope.define(s.name, this.value(s.value, scope), s.nameSpan, true);
        return;
      case 'assign': return this.assign(s, scope);
      case 'if': {
        // A branch runs only as its condition (and the earlier ones) allow: a table field some
        // rows lack is not reported where a test on its record or key may keep those rows out.
        const tested: string[] = [];
        const outer = this.lineSecrets;
        const secrets = new Set(outer);
        for (const b of s.branches) {
          const mark = this.secretReads.length;
          this.expect(this.expr(b.condition, scope), isBoolish, b.condition.span, 'true or false', 'The condition of `if`');
          // A branch is reached by what its test and every earlier one found.
          for (const r of testedSecrets(this.secretReads.slice(mark), b.condition, this.site.text, this.faceUp)) secrets.add(r);
          this.lineSecrets = [...secrets];
          // What this branch's own test says a name is, unless an earlier (failed) test also named it.
          const own = typeFacts(b.condition, this.symbols.stateMembers);
          const earlier = (n: string) => tested.includes(n);
          const facts = { facts: new Map([...own.facts].filter(([n]) => !earlier(n))), opaque: own.opaque, noneOnly: new Set([...own.noneOnly].filter((n) => !earlier(n))), bounds: new Map([...own.bounds].filter(([n]) => !earlier(n))), stateOnly: new Set([...own.stateOnly].filter((n) => !earlier(n))) };
          tested.push(...namesIn(b.condition));
          this.block(b.body, scope.testing(tested, facts).child());
        }
        if (s.else) this.block(s.else, scope.testing(tested).child());
        this.lineSecrets = outer;
        // `if row.x == none then return end`: what follows runs only when the test let it (for
        // a name every test only compared with none, that keeps out none, not another kind).
        if (mayExit(s)) scope.test(tested, exitNoneOnly(s.branches.map((b) => b.condition), this.symbols.stateMembers));
        return;
      }
      case 'for-each': {
        const inner = this.bind(s.binder, s.binderSpan, s.source, scope);
        this.lostChanges(s.binder, s.source, inner.element, s.body, true, scope);
        if (s.where) this.expect(this.expr(s.where, inner.scope), isBoolish, s.where.span, 'true or false', 'A `where` condition');
        return this.loop(() => this.block(s.body, inner.scope.testing(namesIn(s.where), typeFacts(s.where))));
      }
      case 'repeat':
        this.expect(this.expr(s.count, scope), isNumeric, s.count.span, 'a number', 'The count of `repeat`');
        this.reportIf(s.count.span, fractionalCountReport(s.count, 'The count of `repeat`'));
        return this.loop(() => this.block(s.body, scope.child()));
      case 'while':
        this.expect(this.expr(s.condition, scope), isBoolish, s.condition.span, 'true or false', 'The condition of `while`');
        if (s.limit) this.expect(this.expr(s.limit, scope), isNumeric, s.limit.span, 'a number', 'The `max` of `while`');
        else this.report({ start: s.span.start, end: s.span.start + 5 }, { severity: 'warning', code: 'unbounded-loop', message: 'This `while` loop has no bound; if its condition never turns false the game stops with a step-budget error.', hint: 'Add `max N` after the condition: `while cond max 100 do … end`.' });
        return this.loop(() => this.block(s.body, scope.testing(namesIn(s.condition)).child()));
      case 'expr':
        this.value(s.expr, scope);
        const dropped = droppedValueReport(s.expr, (name) => this.symbols.lookup(name) !== undefined);
        if (dropped) this.report(dropped.span, dropped.report);
        return;
      case 'log':
        this.expr(s.message, scope);
        if (this.lineSecrets.length > 0) this.report({ start: s.span.start, end: s.span.start + 3 }, secretLineReport(this.lineSecrets));
        return;
      case 'return':
        if (!this.site.allowReturn) this.report(s.span, { code: 'return-outside-procedure', message: '`return` only makes sense inside a procedure.', hint: 'Remove it, or move this script into `procedures:`.' });
        if (s.value) {
          this.returns.push(this.value(s.value, scope));
          this.returnSpans.push(s.value.span);
        }
        return;
      case 'stop':
        if (this.loopDepth === 0) this.report(s.span, { code: 'stop-outside-loop', message: '`stop` leaves a loop, but it is not inside one.', hint: 'Remove it, or put it inside `for each`, `repeat` or `while`.' });
        return;
      case 'shuffle': {
        const t = this.expr(s.deck, scope);
        this.expect(t, (x) => x.k === 'any' || (x.k === 'entity' && (x.e === 'deck' || x.e === 'zone')) || x.k === 'list', s.deck.span, 'a deck', 'What you shuffle');
        return;
      }
      case 'discard':
        this.reportIf(s.card.span, cardsReport(this.expr(s.card, scope), 'discarded'));
        if (s.to) this.reportIf(s.to.span, placeReport(this.expr(s.to, scope), 'Where cards are discarded to'));
        return;
      case 'put':
        this.reportIf(s.card.span, cardsReport(this.expr(s.card, scope), 'put on a deck'));
        this.expect(this.expr(s.deck, scope), (x) => mayBeEntity(x, ['deck'], true), s.deck.span, 'a deck', 'Where a card is put');
        return;
      case 'remove': {
        const what = this.expr(s.target, scope);
        this.reportIf(s.target.span, piecesReport(what, 'removed'));
        const to = s.to ? this.expr(s.to, scope) : undefined;
        if (s.to && to) this.reportIf(s.to.span, placeReport(to, 'Where they go'));
        return;
      }
      case 'move':
      case 'place': {
        if (s.kind === 'place' && s.count) this.expect(this.expr(s.count, scope), isNumeric, s.count.span, 'a number', 'How many to place');
        if (s.kind === 'place' && s.count) this.reportIf(s.count.span, fractionalCountReport(s.count, 'How many to place'));
        const what = this.expr(s.piece, scope);
        this.reportIf(s.piece.span, piecesReport(what, s.kind === 'move' ? 'moved' : 'placed'));
        const to = s.kind === 'move' ? s.to : s.in;
        const where = this.expr(to, scope);
        this.reportIf(to.span, placeReport(where, 'Where pieces go'));
        if (s.facing) this.expect(this.expr(s.facing, scope), isNumeric, s.facing.span, 'a number', 'A facing');
        return;
      }
      case 'flip':
        this.expr(s.piece, scope);
        return;
      case 'reveal':
        this.expr(s.target, scope);
        if (!s.to && s.target.kind === 'name') this.faceUp.add(s.target.name);
        if (s.to) this.expr(s.to, scope);
        return;
      case 'end-game': {
        this.expr(s.result, scope);
        // Who won is a side or a player, those sharing a win, or none (a draw): results, tournaments and bots read it so.
        const winner = s.result.kind === 'record' ? s.result.fields.find((f) => f.key === 'winner')?.value : undefined;
        const who = (t: Ty): boolean => t.k === 'none' || mayBeEntity(t, ['side', 'player'], true);
        if (winner) this.expect(this.expr(winner, scope), (t) => who(t) || (t.k === 'list' && who(t.of)), winner.span, 'a side, a player, a list of them or none', 'The `winner`');
        return;
      }
      default:
        assertNever(s);
    }
  }

  private isTrackOf(kind: string, name: string, section: 'tracks' | 'variables' = 'tracks'): boolean {
    const decls = this.symbols.data[section];
    const el = isRecord(decls) ? decls[name] : undefined;
    return isRecord(el) && el.per === kind;
  }

  /**
   * Whether `x.prop = …` can run on an entity of this kind: any prop of a piece; on a player, side
   * or area only a track or variable declared `per:` that kind; nothing of a piece type, card,
   * zone, deck, table, die or hex (the runtime stops with not-assignable).
   */
  private settable(kind: string, prop: string): boolean {
    if (kind === 'piece') return true;
    return (kind === 'player' || kind === 'side' || kind === 'area') && (this.isTrackOf(kind, prop) || this.isTrackOf(kind, prop, 'variables'));
  }

  /** `lost-change` (lost-changes.ts): `local`, a copy of a record or list read from `source`, only ever changed in `rest`. */
  private lostChanges(local: string, source: Expr, type: Ty | undefined, rest: readonly Stmt[], each: boolean, scope: Scope): void {
    if (!type || !(changeableCopy(type) || (type.k === 'any' && itemsAreValues(source, this.symbols.data.variables)))) return;
    const from = copiedFrom(source, globalKindIn(scope, this.symbols));
    if (from === null) return;
    for (const c of onlyChanges(local, rest) ?? []) this.report(c.span, lostChangeReport(local, from, each, c.tail));
  }

  private loop(body: () => void): void {
    this.loopDepth++;
    body();
    this.loopDepth--;
  }

  /** A statement's whole value: the one place a `choose`, or a call of a procedure that asks, may stand. */
  private value(e: Expr, scope: Scope): Ty {
    this.choiceAllowed = e.kind === 'choose' || e.kind === 'call' ? e : null;
    try {
      return this.expr(e, scope);
    } finally {
      this.choiceAllowed = null;
    }
  }

  private assign(s: Extract<Stmt, { kind: 'assign' }>, scope: Scope): void {
    const mark = this.secretReads.length;
    const value = this.value(s.value, scope);
    // A face-down piece's secret stored where every seat reads it (secret-tests.ts); a choice's
    // answer is not made from what its prompt reads.
    const secrets = s.value.kind === 'choose' ? [] : testedSecrets(this.secretReads.slice(mark), s.value, this.site.text, this.faceUp);
    const told = secrets.length > 0 ? publicTarget(this.ctx, s.target, this.site.text, (n) => scope.lookup(n) !== undefined) : undefined;
    if (told) this.report(s.target.span, secretValueReport(told, secrets));
    if (s.op !== '=') this.expect(value, isNumeric, s.value.span, 'a number', `The value of \`${s.op}\``);
    const t = s.target;
    if (t.kind === 'name') {
      const local = scope.lookup(t.name);
      if (local) {
        if (s.op === '=') scope.retype(t.name, value);
        else this.expect(local, isNumeric, t.span, 'a number', `The target of \`${s.op}\``);
        return;
      }
      const sym = this.symbols.lookup(t.name);
      if (sym && NOT_ASSIGNABLE_KINDS.has(sym.kind)) {
        this.report(t.span, { code: 'not-assignable', message: `\`${t.name}\` is a ${sym.kind}; it cannot be changed by assignment.`, hint: sym.kind === 'option' ? 'Options are fixed when the game starts.' : 'Assign to a track, a variable or a `let` name.' });
        return;
      }
      // The game's own names (`players`, `turn`, `side`…) are read, never set.
      if (!sym && BUILTIN_NAMES.has(t.name)) {
        this.report(t.span, { code: 'not-assignable', message: `\`${t.name}\` is the game's own (${BUILTIN_NAMES.get(t.name)!.doc.replace(/\.$/, '').toLowerCase()}); it cannot be changed by assignment.`, hint: 'Assign to a track, a variable or a `let` name.' });
        return;
      }
      const target = this.expr(t, scope);
      if (sym?.kind === 'variable') this.recordListWrite(t.name, s.op === '=' ? s.value : null, value);
      if (s.op !== '=') this.expect(target, isNumeric, t.span, 'a number', `The target of \`${s.op}\``);
      else if (sym?.kind === 'track') this.expect(value, isNumeric, s.value.span, 'a number', `What track \`${t.name}\` is set to`);
      else if (sym?.kind === 'variable' && !holds(sym.type, value)) {
        this.report(s.value.span, { code: 'type-mismatch', message: `Variable \`${t.name}\` holds ${describe(sym.type)}, but this is ${describe(value)}.`, hint: `Set it to ${describe(sym.type)} (or none), or declare the \`type\` it holds.` });
      }
      return;
    }
    const cell = tableCellIn(t, (name) => !scope.lookup(name) && this.symbols.lookup(name)?.kind === 'table');
    if (cell) {
      this.expr(t, scope);
      this.report(cell.span, { code: 'not-assignable', message: `Table \`${cell.name}\` is the rules' data: its cells cannot be changed during a game.`, hint: 'Copy the cell into a `let` name or a variable and change that.' });
      return;
    }
    if (t.kind === 'member') {
      const objectType = this.expr(t.object, scope);
      if (objectType.k === 'entity' && READ_ONLY.has(t.property) && ENTITY_MEMBERS[objectType.e]?.some(([n]) => n === t.property)) {
        this.report(t.propertySpan, { code: 'not-assignable', message: `The \`${t.property}\` of ${describe(objectType)} cannot be changed.`, hint: 'Declare a track or variable with `per:` for state that changes.' });
        return;
      }
      const reported = this.ctx.diagnostics.length;
      const target = this.member(objectType, t.property, t.propertySpan);
      // A member it has (else unknown-property was said) that no assignment can change.
      if (objectType.k === 'entity' && this.ctx.diagnostics.length === reported && !this.settable(objectType.e, t.property)) {
        this.report(t.propertySpan, fixedMember(objectType.e, t.property, describe(objectType)));
        return;
      }
      if (s.op !== '=') this.expect(target, isNumeric, t.span, 'a number', `The target of \`${s.op}\``);
      // Tracks hold numbers only: the game stops on anything else.
      else if (objectType.k === 'entity' && this.isTrackOf(objectType.e, t.property)) this.expect(value, isNumeric, s.value.span, 'a number', `What track \`${t.property}\` is set to`);
      // A per-owner variable holds what its `type` says, as a global one does.
      else if (objectType.k === 'entity' && this.isTrackOf(objectType.e, t.property, 'variables')) {
        const declared = variableType((this.symbols.data.variables as Record<string, unknown>)[t.property]);
        if (!holds(declared, value)) this.report(s.value.span, { code: 'type-mismatch', message: `Variable \`${t.property}\` holds ${describe(declared)} for each ${objectType.e}, but this is ${describe(value)}.`, hint: `Set it to ${describe(declared)} (or none), or declare the \`type\` it holds.` });
      }
      return;
    }
    const target = this.expr(t, scope);
    // An element set in place: of that variable, or, through a name that may hold any list
    // (lists are shared, not copied), of any of them.
    const root = rootOf(t);
    const local = root === undefined ? undefined : scope.lookup(root);
    if (root !== undefined && !local) this.recordListWrite(root, null, ANY);
    else if (!local || local.k === 'list' || local.k === 'any') for (const name of this.symbols.listWrites?.keys() ?? []) this.recordListWrite(name, null, ANY);
    if (s.op !== '=') this.expect(target, isNumeric, t.span, 'a number', `The target of \`${s.op}\``);
  }

  /**
   * While inferring a global list variable's elements (index.ts): what it is set to, `written`
   * null when it is changed otherwise. A new list without some of its own elements
   * (`ready = without(ready, u)`), or an empty one, says nothing of what it holds.
   */
  private recordListWrite(name: string, written: Expr | null, value: Ty): void {
    const writes = this.symbols.listWrites;
    if (!writes || !writes.has(name) || writes.get(name) === null) return;
    if (written === null) return void writes.set(name, null);
    if (written.kind === 'list' && written.items.length === 0) return;
    if (written.kind === 'call' && written.callee === 'without' && written.args[0]?.kind === 'name' && written.args[0].name === name) return;
    if (value.k === 'none') return;
    writes.get(name)!.push(value);
  }
}

/** The name an index or member chain starts from (`x` of `x[1].y`). */
/** The table lookup an assignment target goes through (`t[k] = …`, `t[k].field = …`), if any. */
function tableCellIn(target: Expr, isTable: (name: string) => boolean): { name: string; span: Span } | undefined {
  for (let e = target; e.kind === 'member' || e.kind === 'index'; e = e.object) {
    if (e.kind === 'index' && e.object.kind === 'name' && isTable(e.object.name)) return { name: e.object.name, span: e.span };
  }
  return undefined;
}

function rootOf(e: Expr): string | undefined {
  while (e.kind === 'member' || e.kind === 'index') e = e.object;
  return e.kind === 'name' ? e.name : undefined;
}

/**
 * Whether a variable declared to hold `declared` may be given a value of type `t`: only kinds the
 * checker knows for certain are refused (any value, none, and a roll for a number pass).
 */
function holds(declared: Ty, t: Ty): boolean {
  if (declared.k === 'any' || t.k === 'any' || t.k === 'none') return true;
  if (declared.k === 'number') return t.k === 'number' || t.k === 'roll';
  if (declared.k === 'entity') return t.k === 'entity' && t.e === declared.e;
  return declared.k === t.k;
}

/** `x.prop = …` on an entity whose `prop` no assignment changes (`StatementChecker.settable`). */
function fixedMember(kind: string, prop: string, what: string): Report {
  if (kind === 'player' || kind === 'side' || kind === 'area') {
    return { code: 'not-assignable', message: `The \`${prop}\` of ${what} cannot be set: on ${what} only tracks and variables declared \`per: ${kind}\` change.`, hint: `Declare a track or variable with \`per: ${kind}\` for what changes (its \`initial:\` may read the prop).` };
  }
  if (kind === 'piece-type') {
    return { code: 'not-assignable', message: `A piece type's props are fixed: its \`${prop}\` cannot be set.`, hint: `Set it on a piece (\`u.${prop} = …\` for a piece \`u\`), or declare a track or variable with \`per: piece\`.` };
  }
  return { code: 'not-assignable', message: `The \`${prop}\` of ${what} cannot be set: its members are fixed by the rules.`, hint: 'Declare a track or variable for state that changes.' };
}
