import type { DiceExpr } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import { NO_SLOT, RETURN, TO_CALLER, type Code, type Frame, type Plain } from './frame.ts';
import { pathKey, sourceOf, type CompiledScript, type Program } from './program.ts';
import { callBuiltin, builtinName } from './builtins.ts';
import { budgetExceeded } from './budget.ts';
import { discard, draw, putCard, shuffleDeck } from './cards.ts';
import type { DecisionRequest } from './decisions.ts';
import { GameOver, RuleError, type SourceAt } from './errors.ts';
import type { LogEntry } from './log.ts';
import { index, member, setIndex, setMember } from './members.ts';
import { flip, move, place, remove, reveal } from './pieces.ts';
import type { GameState, PieceState } from './state.ts';
import type { PieceTypeDef } from './defs.ts';
import { lookup, roll, rollOn, rollTableDice } from './tables.ts';
import { resolveRow, resolveRowNow } from './row-effects.ts';
import { DEFAULT_RUNTIME_OPTIONS, type RuntimeOptions } from './runtime-options.ts';
import { fromStored, toStored } from './persist.ts';
import type { PureMemo } from './pure-memo.ts';
import { contains, iterable, labelOf } from './collections.ts';
import { nextInt } from './rng.ts';
import { PieceLists, type PieceIndex } from './piece-index.ts';
import { driveProfiled, type RulesProfile } from './profile.ts';
import { cardVisible, inSecretZone, pieceConcealed, valueAudience } from './visibility.ts';
import { cardSpan, keepSecret, pieceSpan, plainText, valueText, type SecretData, type MarkedText } from './secrets.ts';
import { EntityRef, record, rollTotal, toText, type EntityKind, type Rec, type Value } from './values.ts';

export { DEFAULT_RUNTIME_OPTIONS, type RuntimeOptions } from './runtime-options.ts';

/**
 * Executes compiled rules against one game state. Compiled closures call these methods; the
 * operations themselves live in small modules (members, pieces, cards, tables, builtins).
 */
export class Runtime {
  steps = 0;
  /** Plain procedure calls in progress (they push no frame), for the depth budget. */
  private depth = 0;
  /** Pure procedures' values by arguments while the state cannot change (pure-memo.ts); null: not kept. */
  pureMemo: PureMemo | null = null;
  entries: LogEntry[] = [];
  /** Where the rules are: the flow's frame at the bottom, the running script's on top. */
  stack: Frame[] = [];
  /** The question the rules wait on, and the slot of the top frame its answer goes to. */
  pending: DecisionRequest | null = null;
  pendingSlot = NO_SLOT;
  /** The value of the last frame run to the end for a caller outside the stack (`runNow`, detached runs). */
  lastReturn: Value = null;
  private readonly pieceLists: PieceLists;
  /** Each piece's type def by slot, checked against its current type on use (members.ts). */
  readonly pieceTypeCache: Array<PieceTypeDef | undefined> = [];
  /** Each piece's location entity by slot, with the location string it was made from (members.ts). */
  readonly pieceLocationCache: Array<{ at: string; ref: Value } | undefined> = [];
  /** Open `watched` windows, and the hidden pieces whose secrets they read. */
  watching = 0;
  readonly read: string[] = [];
  /** Whether a piece is or was concealed (face down, in a secret zone): until then no line needs a secret (a fast path). */
  hiding: boolean;
  /**
   * Bumped when a host reaches the state (`Game.state`, `Game.rt`): with `hostReadsOnly`, flow.ts
   * reuses an option list only while it stays (a reading host's own state is not trusted either).
   */
  hostEpoch = 0;
  /** The action menu's option lists, for the chosen action's first question (flow.ts); never forked or saved. */
  menuLists: unknown = null;

  readonly opts: RuntimeOptions;
  constructor(readonly program: Program, readonly state: GameState, opts: RuntimeOptions = DEFAULT_RUNTIME_OPTIONS) {
    // Copy so the forced-dice queue of the caller is not consumed.
    this.opts = { ...opts, ...(opts.forcedDice ? { forcedDice: [...opts.forcedDice] } : {}) };
    this.hiding = Object.values(state.pieces).some((p) => p.hidden || inSecretZone(this, p.at));
    this.pieceLists = new PieceLists(program, state);
  }

  // ---------------------------------------------------------------- bookkeeping

  /** The statement running now, to place errors that carry no position (a stack overflow). */
  at: SourceAt | undefined;
  step(at: SourceAt): void {
    this.at = at;
    if (++this.steps > this.opts.stepBudget) throw budgetExceeded(this, at);
  }

  /** Above 0 while evaluating conditions (`when`, costs, option lists): those lookups are not events. */
  quiet = 0;

  /** Whether log lines are being written now. */
  get logging(): boolean {
    return this.opts.log !== 'none' && this.quiet === 0;
  }

  /**
   * Whether text about the game is wanted now: a line is logged, or a `watched` window is open
   * (building a piece's label notes its secret there). Callers skip building a line's text
   * otherwise, which changes nothing else.
   */
  get describing(): boolean {
    return this.logging || this.watching > 0;
  }

  /**
   * Write a log line. `text` may be parts naming hidden pieces or face-down cards (secrets.ts), kept
   * in the entry with what was hidden, for views to render. `secret`: data for the seats some pieces are hidden from.
   */
  log(kind: LogEntry['kind'], text: string | MarkedText, at?: SourceAt, data?: unknown, visibleTo?: string, secret?: SecretData): void {
    if (!this.logging) return;
    const parts = typeof text !== 'string' ? text : undefined;
    const entry: LogEntry = { n: this.entries.length, round: this.state.round, phase: this.state.phase, kind, text: typeof text === 'string' ? text : plainText(text) };
    if (data !== undefined) entry.data = data;
    if (at) {
      const where = this.program.model.rangeIn(at.path, at.span.start, at.span.end);
      if (where) entry.at = { file: where.file, line: where.range.start.line, column: where.range.start.column };
      const source = sourceOf(this.program.data, at.path);
      if (source) entry.source = source;
    }
    if (visibleTo) entry.visibleTo = visibleTo;
    // Only a line naming something hidden now keeps parts (card parts are made only then).
    if (this.hiding || parts?.some((p) => typeof p !== 'string')) keepSecret(this, entry, parts, data, secret);
    this.entries.push(entry);
  }

  /** A card's face (its name, text, props, id) is read: `watched` windows note it when some seat may not see it. */
  noteCard(id: string): void { if (this.watching > 0 && !cardVisible(this, id, undefined)) this.read.push(id); }

  /** A secret of a hidden piece (its type, name, props, id) is read: `watched` windows note it. */
  noteSecret(id: string): void {
    if (this.watching > 0 && pieceConcealed(this, id)) this.read.push(id);
  }

  /** One shared ref object per entity (per program), so identity comparisons and Maps work. */
  intern(ref: EntityRef): EntityRef {
    return this.program.refs.ref(ref.kind, ref.id);
  }

  ref(kind: EntityKind, id: string): EntityRef { return this.program.refs.ref(kind, id); }

  // The piece lists and the index by location (piece-index.ts).
  pieceIds(): string[] { return this.pieceLists.ids(); }
  pieceStates(): PieceState[] { return this.pieceLists.states(); }
  /** Piece `id`'s record to change in place: every change of a piece goes through here (a fork shares records until written). */
  writablePiece(id: string): PieceState { return this.pieceLists.writable(id); }
  pieceRefs(): EntityRef[] { return this.pieceLists.refs(); }
  pieceIndex(): PieceIndex { return this.pieceLists.index(); }
  /** The runtime set piece `id`'s `at` to `to` (every move, removal and draw of a piece calls this). */
  pieceMoved(id: string, to: string | null): void { this.pieceLists.moved(id, to); this.hiding ||= inSecretZone(this, to); }

  def(section: string, id: string): Record<string, unknown> | undefined {
    return this.program.defs.sections.get(section)?.get(id);
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

  setTrack(id: string, owner: string | null, given: Value, at: SourceAt): void {
    // A roll is its total wherever a number is wanted (`score = 2d6`).
    const value = rollTotal(given);
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
    else this.writable(this.state.tracks, this.ownTracks, id)[owner] = v;
    if (old !== v && this.logging) this.log('change', [`${def.name ?? id}`, ...this.ownerText(def, owner), `: ${toText(old)} → ${toText(v)}`], at, { track: id, owner, from: old, to: v }, valueAudience(this, def, owner));
  }

  getVar(id: string, owner: string | null): Value {
    const v = this.state.vars[id];
    if (owner === null) return fromStored(this, v);
    return isRecord(v) ? fromStored(this, (v as Record<string, unknown>)[owner]) : null;
  }

  setVar(id: string, owner: string | null, value: Value, at: SourceAt): void {
    const stored = toStored(value);
    if (owner === null) this.state.vars[id] = stored;
    else this.writable(this.state.vars, this.ownVars, id)[owner] = stored;
    if (this.logging) {
      const def = this.def('variables', id);
      // An empty list as `[]`, not as nothing after the `=` (determinize-log.ts retells it alike).
      const told = Array.isArray(value) && value.length === 0 ? ['[]'] : valueText(this, value);
      this.log('change', [id, ...this.ownerText(def, owner), ' = ', ...told], at, { variable: id, owner }, valueAudience(this, def, owner));
    }
  }

  /**
   * Per-owner track and variable records this game may change in place. A fork shares the
   * records of its parent (they are most of a state) and both copy one on its first write: stored
   * values inside are replaced, never changed, so a shallow copy is enough. null: all its own.
   */
  private ownTracks: Set<string> | null = null;
  private ownVars: Set<string> | null = null;

  /** After a fork, this game and the copy share every per-owner record until they write it. */
  shareRecords(): void {
    this.ownTracks = new Set();
    this.ownVars = new Set();
  }

  private writable(store: Record<string, unknown>, own: Set<string> | null, id: string): Record<string, unknown> {
    let rec = store[id] as Record<string, unknown> | undefined;
    if (rec === undefined || rec === null || typeof rec !== 'object') {
      store[id] = rec = {};
      own?.add(id);
    } else if (own && !own.has(id)) {
      store[id] = rec = { ...rec };
      own.add(id);
    }
    return rec;
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

  // ---------------------------------------------------------------- the frame machine

  /** Run ops until the rules ask a question or the stack is back at `base` frames. */
  drive(base = 0): void {
    this.pieceLists.enter();
    try {
      if (this.opts.profile !== undefined) return driveProfiled(this, base, this.opts.profile);
      const stack = this.stack;
      while (stack.length > base) {
        const f = stack[stack.length - 1]!;
        const ops = f.code!.ops;
        if (f.pc >= ops.length) {
          this.returnFrom(f, null);
          continue;
        }
        ops[f.pc++]!(f);
        if (this.pending !== null) return;
      }
    } finally {
      this.pieceLists.leave();
    }
  }



  /**
   * Run `read` as rules run: the piece index is checked once on entry instead of on every query a
   * host makes outside `drive` (invariants read it many times between two decisions).
   */
  reading<T>(read: () => T): T {
    this.pieceLists.enter();
    try {
      return read();
    } finally {
      this.pieceLists.leave();
    }
  }

  /** Ask a question: the machine stops; the answer's value goes to `slot` of the top frame. */
  suspend(req: DecisionRequest, slot: number): void {
    this.pending = req;
    this.pendingSlot = slot;
  }

  /** Put the answer's value where the question said and go on. */
  resume(value: Value): void {
    const top = this.stack[this.stack.length - 1]!;
    if (this.pendingSlot >= 0) top.slots[this.pendingSlot] = value;
    this.pending = null;
    this.pendingSlot = NO_SLOT;
    this.drive();
  }

  /** A new frame for `slots` locals, with `locals` bound by name (a record) or position (a list). */
  frame(script: { slots: number; locals?: Map<string, number>; localNames?: readonly string[]; localSlots?: readonly number[] }, code: Code | null, locals: Rec | Value[] | null, ret: number): Frame {
    // Pushed one by one, so the array stays packed (faster to read than a filled holey one).
    const slots: Value[] = [];
    for (let i = 0; i < script.slots; i++) slots.push(null);
    if (locals && script.locals) {
      const names = script.localNames ?? [...script.locals.keys()];
      const at = script.localSlots ?? [...script.locals.values()];
      if (Array.isArray(locals)) for (let i = 0; i < at.length; i++) slots[at[i]!] = locals[i] ?? null;
      else for (let i = 0; i < at.length; i++) slots[at[i]!] = locals[names[i]!] ?? null;
    }
    return { rt: this, slots, code, pc: 0, ret, retval: null };
  }

  /**
   * Start a script from an op of the top frame: a suspendable one gets a frame of its own (its
   * value reaches `ret` of the caller when it ends); a plain one runs to the end now.
   */
  enter(script: CompiledScript, locals: Rec | Value[] | null, ret: number): void {
    if (script.code) {
      this.checkDepth(script.path);
      this.opts.profile?.called(script.code.key);
      this.stack.push(this.frame(script, script.code, locals, ret));
      return;
    }
    const value = this.runNow(script, locals);
    if (ret >= 0) this.stack[this.stack.length - 1]!.slots[ret] = value;
    else if (ret === TO_CALLER) this.lastReturn = value;
  }

  /** Leave frame `f` (the top) with `value`, handing it to the caller's slot. */
  returnFrom(f: Frame, value: Value): void {
    this.stack.pop();
    if (f.ret >= 0) this.stack[this.stack.length - 1]!.slots[f.ret] = value;
    else if (f.ret === TO_CALLER) this.lastReturn = value;
  }

  /**
   * Run a script to the end now and return its value: expression sites, conditions, and calls
   * inside expressions. Such a script must not ask anyone.
   */
  runNow(script: CompiledScript, locals: Rec | Value[] | null = null, what = 'This expression', procedure?: string): Value {
    if (this.opts.profile !== undefined && script.code === null) return this.runProfiled(this.opts.profile, script, locals);
    if (script.eval) return script.eval(this.frame(script, null, locals, NO_SLOT));
    if (script.plain) return this.runPlain(script, script.plain, locals);
    this.checkDepth(script.path);
    const base = this.stack.length;
    this.opts.profile?.called(script.code!.key);
    this.stack.push(this.frame(script, script.code, locals, TO_CALLER));
    this.drive(base);
    if (this.pending) {
      const at = this.pending.at;
      this.pending = null;
      this.stack.length = base;
      throw new RuleError('choice-in-expression', `${procedure === undefined ? what : `Procedure \`${procedure}\``} asks a player to choose, so it cannot be used inside an expression.`, at, 'Call it on its own line: `let x = …`.');
    }
    return this.lastReturn;
  }

  private runPlain(script: CompiledScript, plain: Plain, locals: Rec | Value[] | null): Value {
    const f = this.frame(script, null, locals, NO_SLOT);
    if (++this.depth + this.stack.length > this.opts.depthBudget) throw this.tooDeep(script.path);
    try {
      return plain(f) === RETURN ? f.retval : null;
    } finally {
      this.depth--;
    }
  }

  /** `runNow` of a script that cannot ask anyone, told to the profile (a suspendable one's ops are, in `driveProfiled`). */
  private runProfiled(profile: RulesProfile, script: CompiledScript, locals: Rec | Value[] | null): Value {
    profile.enter(pathKey(script.path));
    try {
      return script.eval ? script.eval(this.frame(script, null, locals, NO_SLOT)) : this.runPlain(script, script.plain!, locals);
    } finally {
      profile.leave();
    }
  }

  /** Evaluate an expression site that must not ask anyone (conditions, costs, counts); not logged. */
  evalSite(path: ReadonlyArray<string | number>, locals?: Rec): Value | undefined {
    return this.evalScript(this.script(path), locals);
  }

  /** `evalSite` for a site whose script was looked up once (when compiling): undefined when there is none. */
  evalScript(script: CompiledScript | undefined, locals?: Rec): Value | undefined {
    if (!script) return undefined;
    this.quiet++;
    try {
      return this.runNow(script, locals ?? null);
    } finally {
      this.quiet--;
    }
  }

  /** Calls and frames in progress, as the depth budget counts them. */
  depthInUse(): number {
    return this.stack.length + this.depth;
  }

  private checkDepth(path: ReadonlyArray<string | number>): void {
    if (this.stack.length + this.depth >= this.opts.depthBudget) throw this.tooDeep(path);
  }

  private tooDeep(path: ReadonlyArray<string | number>): RuleError {
    this.depth = 0;
    return new RuleError('depth-budget-exceeded', `Procedures called each other more than ${this.opts.depthBudget} deep; probably endless recursion.`, { path: [...path], span: { start: 0, end: 0 } }, 'Make sure recursive procedures stop.');
  }

  /** A procedure's script; `unknown-name` when there is none. */
  procedure(id: string, at: SourceAt): CompiledScript {
    const script = this.program.procedures.get(id);
    if (!script) throw new RuleError('unknown-name', `No procedure \`${id}\`.`, at);
    return script;
  }

  /** `let x = p(…)` as a statement of the top frame: its value goes to slot `ret`. */
  callFrom(id: string, args: Value[], ret: number, at: SourceAt): void {
    this.enter(this.procedure(id, at), args, ret);
  }

  /** A procedure called inside an expression must finish without asking anyone. */
  callProcedureNow(id: string, args: Value[], at: SourceAt): Value {
    return this.runNow(this.procedure(id, at), args, undefined, id);
  }

  /** `callProcedureNow` with the script already looked up (undefined: there is no such procedure). */
  callScriptNow(script: CompiledScript | undefined, id: string, args: Value[], at: SourceAt): Value {
    return this.runNow(script ?? this.procedure(id, at), args, undefined, id);
  }

  /** The script of a card's `effect:`, after checking that `card` is a card. */
  private effectOf(card: Value, at: SourceAt): CompiledScript | undefined {
    if (!(card instanceof EntityRef) || card.kind !== 'card') throw new RuleError('type-mismatch', `Only cards have effects, not ${toText(card)}.`, at);
    const cs = this.state.cards[card.id]!;
    const cards = this.def('decks', cs.deck)?.cards;
    const index = Array.isArray(cards) ? cards.findIndex((c) => isRecord(c) && c.id === cs.def) : -1;
    const script = this.script(['decks', cs.deck, 'cards', index, 'effect']);
    if (script && this.logging) this.log('log', ['Resolve ', cardSpan(this, card.id)], at);
    return script;
  }

  /** Carry out a card's `effect:` with `card` bound, as a statement of the top frame. */
  resolveCard(caller: Frame, card: Value, ret: number, at: SourceAt): void {
    const script = this.effectOf(card, at);
    if (!script) caller.slots[ret] = null;
    else this.enter(script, record([['card', card]]), ret);
  }

  /** `resolve(card)` inside an expression: the effect must not ask anyone. */
  resolveNow(card: Value, at: SourceAt): Value {
    const script = this.effectOf(card, at);
    return script ? this.runNow(script, record([['card', card]]), "This card's effect") : null;
  }

  // ---------------------------------------------------------------- delegated operations

  resolveRow(caller: Frame, table: string, keys: Value[], args: Value[], ret: number, at: SourceAt, read?: string[], rolled?: boolean): void { resolveRow(this, caller, table, keys, args, ret, at, read, rolled); }
  resolveRowNow(table: string, keys: Value[], args: Value[], at: SourceAt, read?: string[], rolled?: boolean): Value { return resolveRowNow(this, table, keys, args, at, read, rolled); }

  member(o: Value, prop: string, at: SourceAt): Value { return member(this, o, prop, at); }
  setMember(o: Value, prop: string, v: Value, at: SourceAt): void { setMember(this, o, prop, v, at); }
  index(o: Value, keys: Value[], shift: number, at: SourceAt, read?: string[]): Value { return index(this, o, keys, shift, at, read); }
  setIndex(o: Value, keys: Value[], v: Value, at: SourceAt): void { setIndex(this, o, keys, v, at); }
  callBuiltin(name: string, args: Value[], at: SourceAt): Value { return callBuiltin(this, name, args, at); }
  builtinName(name: string, at: SourceAt): Value { return builtinName(this, name, at); }
  roll(count: number, die: DiceExpr['die'], at: SourceAt): Value { return roll(this, count, die, at); }
  rollOn(table: string, column: Value, shift: number, at: SourceAt, read?: string[]): Value { return rollOn(this, table, column, shift, at, read); }
  rollTableDice(table: string, at: SourceAt): Value { return rollTableDice(this, table, at); }
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

export { GameOver };
