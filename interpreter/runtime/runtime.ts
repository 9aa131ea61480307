import type { DiceExpr } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import type { Frame } from './frame.ts';
import { pathKey, sourceOf, type CompiledScript, type Program } from './program.ts';
import { callBuiltin, builtinName } from './builtins.ts';
import { discard, draw, putCard, shuffleDeck } from './cards.ts';
import type { DecisionRequest } from './decisions.ts';
import { GameOver, ReturnSignal, RuleError, type SourceAt } from './errors.ts';
import type { LogEntry, LogLevel } from './log.ts';
import { index, member, setIndex, setMember } from './members.ts';
import { flip, move, place, remove, reveal } from './pieces.ts';
import type { GameState } from './state.ts';
import { lookup, roll, rollOn } from './tables.ts';
import { contains, iterable, labelOf } from './collections.ts';
import { nextInt } from './rng.ts';
import { lineSecret, pieceSpan, plainText, valueText, type LineSecret, type SecretData, type MarkedText } from './secrets.ts';
import { EntityRef, RangeValue, Roll, toText, type EntityKind, type Value } from './values.ts';

export interface RuntimeOptions {
  log: LogLevel;
  /** Statements one game may execute before it is stopped as endless. */
  stepBudget: number;
  /** Nested procedure calls allowed. */
  depthBudget: number;
  /**
   * Die results to use before the generator, one per die, in order (tests and rulebook examples:
   * "the attacker rolls a 5"). For d66 the tens die comes first; for custom dice, the face number.
   */
  forcedDice?: number[];
  /** Replaces the generator for dice entirely (exact-odds enumeration); returns 1..sides. */
  dieSource?: (sides: number) => number;
}

export const DEFAULT_RUNTIME_OPTIONS: RuntimeOptions = { log: 'full', stepBudget: 5_000_000, depthBudget: 200 };

type Gen<T> = Generator<DecisionRequest, T, unknown>;

/**
 * Executes compiled rules against one game state. Compiled closures call these methods; the
 * operations themselves live in small modules (members, pieces, cards, tables, builtins).
 */
export class Runtime {
  steps = 0;
  private depth = 0;
  /** The current turn order (player ids), set by the flow. */
  turnOrder: string[] | null = null;
  readonly entries: LogEntry[] = [];
  /** Interned refs, one map per kind (a combined string key per lookup was a hot spot). */
  private readonly refs = new Map<EntityKind, Map<string, EntityRef>>();
  private readonly procedures = new Map<string, CompiledScript | undefined>();
  private pieceIdList: string[] | null = null;
  /** Redaction of log lines that tell about hidden pieces, by entry number (views.ts). */
  readonly secrets = new Map<number, LineSecret>();
  /** Interpolated text that told about hidden pieces, with its spans (the most recent ones). */
  private readonly secretTexts = new Map<string, MarkedText>();
  /** Open `watched` windows, and the hidden pieces whose secrets they read. */
  watching = 0;
  readonly read: string[] = [];
  /** Whether a piece is or was hidden: until then no line needs a secret (a fast path). */
  hiding: boolean;

  readonly opts: RuntimeOptions;
  constructor(readonly program: Program, readonly state: GameState, opts: RuntimeOptions = DEFAULT_RUNTIME_OPTIONS) {
    // Copy so the forced-dice queue of the caller is not consumed.
    this.opts = { ...opts, ...(opts.forcedDice ? { forcedDice: [...opts.forcedDice] } : {}) };
    this.hiding = Object.values(state.pieces).some((p) => p.hidden);
  }

  // ---------------------------------------------------------------- bookkeeping

  step(at: SourceAt): void {
    if (++this.steps > this.opts.stepBudget) {
      throw new RuleError('step-budget-exceeded', `The game ran ${this.opts.stepBudget} statements without finishing; a loop probably never ends.`, at, 'Bound loops with `while … max N`, and make sure conditions can change.');
    }
  }

  /** Above 0 while evaluating conditions (`when`, costs, option lists): those lookups are not events. */
  quiet = 0;

  /** Whether log lines are being written now. */
  get logging(): boolean {
    return this.opts.log !== 'none' && this.quiet === 0;
  }

  /**
   * Write a log line. `text` may mark what it says about hidden pieces (secrets.ts); interpolated
   * text remembered as secret is marked by itself. `secret`: data for the seats some pieces are hidden from.
   */
  log(kind: LogEntry['kind'], text: string | MarkedText, at?: SourceAt, data?: unknown, visibleTo?: string, secret?: SecretData): void {
    if (!this.logging) return;
    const parts = typeof text !== 'string' ? text : this.hiding ? this.secretTexts.get(text) : undefined;
    const entry: LogEntry = { n: this.entries.length, round: this.state.round, phase: this.state.phase, kind, text: typeof text === 'string' ? text : plainText(text) };
    if (data !== undefined) entry.data = data;
    if (at) {
      const where = this.program.model.rangeIn(at.path, at.span.start, at.span.end);
      if (where) entry.at = { file: where.file, line: where.range.start.line, column: where.range.start.column };
      const source = sourceOf(this.program.data, at.path);
      if (source) entry.source = source;
    }
    if (visibleTo) entry.visibleTo = visibleTo;
    const hidden = this.hiding ? lineSecret(this, parts, data, secret) : undefined;
    if (hidden) this.secrets.set(entry.n, hidden);
    this.entries.push(entry);
  }

  /** A secret of a hidden piece (its type, name, props, id) is read: `watched` windows note it. */
  noteSecret(id: string): void {
    if (this.watching > 0 && this.state.pieces[id]?.hidden) this.read.push(id);
  }

  /** Remember interpolated text that told about hidden pieces (bounded: only recent text is looked up). */
  rememberText(text: string, parts: MarkedText): void {
    if (this.secretTexts.size >= 1000) this.secretTexts.delete(this.secretTexts.keys().next().value!);
    this.secretTexts.set(text, parts);
  }

  /** Whether a string is remembered interpolated text that told about hidden pieces. */
  remembers(text: string): boolean {
    return this.secretTexts.has(text);
  }

  /** A string with its secret spans, if it is remembered interpolated text. */
  textOf(text: string): MarkedText {
    return this.secretTexts.get(text) ?? [text];
  }

  /** One shared ref object per entity, so identity comparisons and Maps work. */
  intern(ref: EntityRef): EntityRef {
    return this.ref(ref.kind, ref.id);
  }

  ref(kind: EntityKind, id: string): EntityRef {
    let byId = this.refs.get(kind);
    if (!byId) this.refs.set(kind, (byId = new Map()));
    let r = byId.get(id);
    if (!r) byId.set(id, (r = new EntityRef(kind, id)));
    return r;
  }

  /** Every piece id, in creation order (pieces are never created or destroyed during a game). */
  pieceIds(): string[] {
    return (this.pieceIdList ??= Object.keys(this.state.pieces));
  }

  def(section: string, id: string): Record<string, unknown> | undefined {
    const s = (this.program.data as Record<string, unknown>)[section];
    const el = isRecord(s) ? s[id] : undefined;
    return isRecord(el) ? el : undefined;
  }

  /** One die: a forced result if any are queued, else the game's generator. */
  die(sides: number, at: SourceAt): number {
    const forced = this.opts.forcedDice;
    if (forced && forced.length > 0) {
      const v = forced.shift()!;
      if (!Number.isInteger(v) || v < 1 || v > sides) throw new RuleError('invalid-forced-die', `A forced die result of ${v} is impossible on a ${sides}-sided die.`, at);
      return v;
    }
    if (this.opts.dieSource) return this.opts.dieSource(sides);
    return nextInt(this.state.rng, sides) + 1;
  }

  // ---------------------------------------------------------------- state

  option(id: string): Value {
    return this.state.options[id] ?? null;
  }

  getTrack(id: string, owner: string | null): Value {
    const v = this.state.tracks[id];
    if (owner === null) return typeof v === 'number' ? v : null;
    return isRecord(v) ? ((v as Record<string, number>)[owner] ?? null) : null;
  }

  setTrack(id: string, owner: string | null, value: Value, at: SourceAt): void {
    if (typeof value !== 'number') throw new RuleError('type-mismatch', `Track \`${id}\` holds numbers, not ${toText(value)}.`, at);
    const def = this.def('tracks', id) ?? {};
    let v = value;
    const min = typeof def.min === 'number' ? def.min : -Infinity;
    const max = typeof def.max === 'number' ? def.max : Infinity;
    if (v < min || v > max) {
      if (def.overflow === 'error') throw new RuleError('track-out-of-bounds', `Track \`${id}\` would become ${v}, outside ${def.min ?? '…'}..${def.max ?? '…'}.`, at, 'Check the value before changing it, or declare `overflow: clamp`.');
      v = Math.min(max, Math.max(min, v));
    }
    const old = this.getTrack(id, owner);
    if (owner === null) this.state.tracks[id] = v;
    else ((this.state.tracks[id] ??= {}) as Record<string, number>)[owner] = v;
    if (old !== v && this.logging) this.log('change', [`${def.name ?? id}`, ...this.ownerText(def, owner), `: ${toText(old)} → ${v}`], at, { track: id, owner, from: old, to: v });
  }

  getVar(id: string, owner: string | null): Value {
    const v = this.state.vars[id];
    if (owner === null) return fromStored(this, v);
    return isRecord(v) ? fromStored(this, (v as Record<string, unknown>)[owner]) : null;
  }

  setVar(id: string, owner: string | null, value: Value, at: SourceAt): void {
    const stored = toStored(value);
    if (owner === null) this.state.vars[id] = stored;
    else ((this.state.vars[id] ??= {}) as Record<string, unknown>)[owner] = stored;
    if (this.logging) this.log('change', [id, ...this.ownerText(this.def('variables', id), owner), ' = ', ...valueText(this, value)], at, { variable: id, owner });
  }

  /** ` (owner)` of a per-owner track or variable in a log line; a hidden piece as a secret span. */
  private ownerText(def: Record<string, unknown> | undefined, owner: string | null): MarkedText {
    if (owner === null) return [];
    return [' (', def?.per === 'piece' ? pieceSpan(this, owner, 'id') : owner, ')'];
  }

  // ---------------------------------------------------------------- procedures and scripts

  script(path: ReadonlyArray<string | number>): CompiledScript | undefined {
    return this.program.scripts.get(pathKey(path));
  }

  /** Run a compiled script with named locals bound (`card`, `area`…). */
  *run(script: CompiledScript, locals: Record<string, Value> = {}): Gen<Value> {
    const frame: Frame = { rt: this, slots: new Array(script.slots).fill(null) };
    for (const [name, slot] of script.locals) frame.slots[slot] = locals[name] ?? null;
    return yield* script.exec(frame);
  }

  *callProcedure(id: string, args: Value[], at: SourceAt): Gen<Value> {
    let script = this.procedures.get(id);
    if (script === undefined && !this.procedures.has(id)) this.procedures.set(id, (script = this.script(['procedures', id, 'do'])));
    if (!script) throw new RuleError('unknown-name', `No procedure \`${id}\`.`, at);
    if (++this.depth > this.opts.depthBudget) {
      this.depth = 0;
      throw new RuleError('depth-budget-exceeded', `Procedures called each other more than ${this.opts.depthBudget} deep; probably endless recursion.`, at, 'Make sure recursive procedures stop.');
    }
    const locals: Record<string, Value> = {};
    [...script.locals.keys()].forEach((name, i) => (locals[name] = args[i] ?? null));
    try {
      return yield* this.run(script, locals);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value as Value;
      throw e;
    } finally {
      this.depth--;
    }
  }

  /** A procedure called inside an expression must finish without asking anyone. */
  callProcedureNow(id: string, args: Value[], at: SourceAt): Value {
    const gen = this.callProcedure(id, args, at);
    const r = gen.next();
    if (!r.done) {
      throw new RuleError('choice-in-expression', `Procedure \`${id}\` asks a player to choose, so it cannot be called inside an expression.`, at, `Call it on its own: \`let x = ${id}(…)\`.`);
    }
    return r.value;
  }

  /** Carry out a card's `effect:` with `card` bound. */
  *resolveCard(card: Value, at: SourceAt): Gen<Value> {
    if (!(card instanceof EntityRef) || card.kind !== 'card') throw new RuleError('type-mismatch', `Only cards have effects, not ${toText(card)}.`, at);
    const cs = this.state.cards[card.id]!;
    const cards = this.def('decks', cs.deck)?.cards;
    const index = Array.isArray(cards) ? cards.findIndex((c) => isRecord(c) && c.id === cs.def) : -1;
    const script = this.script(['decks', cs.deck, 'cards', index, 'effect']);
    if (!script) return null;
    this.log('log', `Resolve ${labelOf(this, card)}`, at);
    return yield* this.run(script, { card });
  }

  // ---------------------------------------------------------------- delegated operations

  member(o: Value, prop: string, at: SourceAt): Value { return member(this, o, prop, at); }
  setMember(o: Value, prop: string, v: Value, at: SourceAt): void { setMember(this, o, prop, v, at); }
  index(o: Value, keys: Value[], shift: number, at: SourceAt, read?: string[]): Value { return index(this, o, keys, shift, at, read); }
  setIndex(o: Value, keys: Value[], v: Value, at: SourceAt): void { setIndex(this, o, keys, v, at); }
  callBuiltin(name: string, args: Value[], at: SourceAt): Value { return callBuiltin(this, name, args, at); }
  builtinName(name: string, at: SourceAt): Value { return builtinName(this, name, at); }
  roll(count: number, die: DiceExpr['die'], at: SourceAt): Value { return roll(this, count, die, at); }
  rollOn(table: string, column: Value, shift: number, at: SourceAt, read?: string[]): Value { return rollOn(this, table, column, shift, at, read); }
  lookup(table: string, keys: Value[], shift: number, at: SourceAt): Value { return lookup(this, table, keys, shift, at); }
  draw(deck: Value, count: number | null, into: Value, at: SourceAt): Value { return draw(this, deck, count, into, at); }
  shuffle(deck: Value, withDiscards: boolean, at: SourceAt): void { shuffleDeck(this, deck, withDiscards, at); }
  discard(card: Value, to: Value, at: SourceAt): void { discard(this, card, to, at); }
  putCard(card: Value, deck: Value, pos: 'top' | 'bottom', at: SourceAt): void { putCard(this, card, deck, pos, at); }
  remove(x: Value, to: Value, at: SourceAt): void { remove(this, x, to, at); }
  move(p: Value, to: Value, facing: number | null, at: SourceAt): void { move(this, p, to, facing, at); }
  place(n: number | null, p: Value, where: Value, facing: number | null, at: SourceAt): void { place(this, n, p, where, facing, at); }
  flip(p: Value, at: SourceAt): void { flip(this, p, at); }
  reveal(x: Value, to: Value, at: SourceAt): void { reveal(this, x, to, at); }
  iterable(v: Value, at: SourceAt): Value[] { return iterable(this, v, at); }
  contains(coll: Value, x: Value, at: SourceAt): boolean { return contains(this, coll, x, at); }
  label(v: Value): string { return labelOf(this, v); }

  /** Who answers a choice: a player, the first player of a side, or the active player. */
  deciderId(by: Value, at: SourceAt): string {
    const players = this.state.players;
    if (by instanceof EntityRef && by.kind === 'player') return by.id;
    if (by instanceof EntityRef && by.kind === 'side') {
      const p = players.find((x) => x.side === by.id);
      if (p) return p.id;
      throw new RuleError('no-such-player', `No player plays side \`${by.id}\`.`, at);
    }
    if (typeof by === 'string' && players.some((p) => p.id === by)) return by;
    if (by === null) return this.state.active.player ?? players[0]!.id;
    throw new RuleError('no-such-player', `\`${toText(by)}\` is not a player or a side.`, at);
  }
}

/** Values stored in JSON state: entities as `{ $ref: kind, id }` so they survive serialisation. */
export function toStored(v: Value): unknown {
  if (v instanceof EntityRef) return { $ref: v.kind, id: v.id };
  if (v instanceof RangeValue) return { $range: [v.from, v.to === Infinity ? null : v.to] };
  if (Array.isArray(v)) return v.map(toStored);
  if (v !== null && typeof v === 'object' && !(v instanceof EntityRef)) {
    if (v instanceof Roll) return v.total;
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v)) out[k] = toStored((v as Record<string, Value>)[k]!);
    return out;
  }
  return v;
}

export function fromStored(rt: Runtime, v: unknown): Value {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map((x) => fromStored(rt, x));
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.$ref === 'string' && typeof o.id === 'string') return rt.ref(o.$ref as EntityKind, o.id);
    if (Array.isArray(o.$range)) return new RangeValue(o.$range[0] as number, (o.$range[1] as number | null) ?? Infinity);
    const out = Object.create(null) as Record<string, Value>;
    for (const k of Object.keys(o)) out[k] = fromStored(rt, o[k]);
    return out;
  }
  return v as Value;
}

export { GameOver };
