/**
 * The game's flow (setup, rounds of phases and steps, action phases, victory) compiled into one
 * Code, like a script: rounds, players in turn and action menus are loops whose counters live in
 * the flow frame's slots. So the flow suspends, forks and reloads exactly as scripts do.
 */
import type { RulesetFile } from '../../grammar/index.ts';
import { isRecord } from '../check/context.ts';
import type { DecisionRequest } from '../runtime/decisions.ts';
import { GameOver, RuleError, type SourceAt } from '../runtime/errors.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { EntityRef, record, toNumber, truthy, type Rec, type Value } from '../runtime/values.ts';
import { FLOW_KEY, type CompiledScript } from '../runtime/program.ts';
import { paramOptionsPath, UNLIMITED } from '../check/sites.ts';
import { NO_SLOT, type Code, type Frame, type Op } from '../runtime/frame.ts';
import { actionLegal, actionName, affordable, costNotes, keptList, mayPass, menuPrompt, NOT_KEPT, paramQuestion, pointsLeft, poolPoints, poolUnit, valueOf, type ActionInfo, type MenuLists } from './action-menu.ts';
import { countOf } from './expressions.ts';


type Path = Array<string | number>;
const NO_SPAN = { start: 0, end: 0 };
const ROUND_LIMIT = 100_000;
const ACTION_LIMIT = 10_000;

interface Label {
  pc: number;
}

export function compileFlow(data: RulesetFile, scripts: ReadonlyMap<string, CompiledScript>): Code {
  return new FlowBuilder(data, scripts).build();
}

class FlowBuilder {
  private readonly ops: Op[] = [];
  private slots = 0;
  private readonly victory: Label = { pc: -1 };

  constructor(private readonly data: RulesetFile, private readonly scripts: ReadonlyMap<string, CompiledScript>) {}

  build(): Code {
    const d = this.data;
    this.emit((f) => initialTracks(f.rt));
    this.emit((f) => { f.rt.state.phase = 'setup'; });
    if (typeof d.setup === 'string') this.script(['setup']);
    else if (Array.isArray(d.setup)) d.setup.forEach((_, i) => this.script(['setup', i, 'do']));
    const phases = Array.isArray(d.flow?.phases) ? d.flow!.phases : [];
    if (phases.length > 0) this.rounds(phases as unknown as Array<Record<string, unknown>>);
    this.mark(this.victory);
    this.emit((f) => { f.rt.state.phase = 'victory'; });
    this.script(['victory', 'do']);
    this.emit(() => { throw new GameOver(null); });
    return { key: FLOW_KEY, ops: this.ops, slots: this.slots };
  }

  private emit(op: Op): void {
    this.ops.push(op);
  }

  private slot(): number {
    return this.slots++;
  }

  private mark(l: Label): void {
    l.pc = this.ops.length;
  }

  /** Run the script at `path` (if the ruleset has one); `locals` come from a slot holding a record. */
  private script(path: Path, localsSlot = -1): void {
    const script = this.scripts.get(path.join('.'));
    if (!script) return;
    this.emit((f) => f.rt.enter(script, localsSlot < 0 ? null : (f.slots[localsSlot] as Rec), NO_SLOT));
  }

  private rounds(phases: Array<Record<string, unknown>>): void {
    const rounds = this.data.flow!.rounds;
    const round = this.slot();
    const end: Label = { pc: -1 };
    const top: Label = { pc: -1 };
    this.emit((f) => { f.slots[round] = 0; });
    this.mark(top);
    this.emit((f) => {
      const rt = f.rt;
      const n = (f.slots[round] as number) + 1;
      f.slots[round] = n;
      const count = rounds ? valueAt(rt, ['flow', 'rounds', 'count'], rounds.count) : 1;
      // A whole number of rounds, as every count is (countOf): 2.5 rounds stops the game rather than playing 2.
      if (count !== undefined && count !== null && n > countOf(count, 'The number of rounds (`flow.rounds.count`)', { path: ['flow', 'rounds', 'count'], span: NO_SPAN })) { f.pc = end.pc; return; }
      if (n > ROUND_LIMIT) throw new RuleError('round-limit', 'More than 100,000 rounds: the game never ends.', { path: ['flow', 'rounds'], span: NO_SPAN }, 'Give `flow.rounds` a `count` or an `until` that becomes true.');
      rt.state.round = n;
      rt.state.turnOrder = turnOrder(rt);
      resetVariables(rt, 'round');
    });
    phases.forEach((phase, i) => this.phase(phase, ['flow', 'phases', i]));
    this.checkVictory('round');
    this.emit((f) => {
      const until = rounds ? valueAt(f.rt, ['flow', 'rounds', 'until'], rounds.until) : undefined;
      f.pc = until !== undefined && truthy(until) ? end.pc : top.pc;
    });
    this.mark(end);
  }

  private checkVictory(when: 'action' | 'phase' | 'round'): void {
    const v = this.data.victory;
    if (!v || v.when === undefined || (v.check ?? 'round') !== when) return;
    const victory = this.victory;
    // Checked after every action, phase or round: the script is found once, here.
    const script = this.scripts.get('victory.when');
    this.emit((f) => { if (truthy(valueOf(f.rt, v.when, script) ?? false)) f.pc = victory.pc; });
  }

  private phase(phase: Record<string, unknown>, path: Path): void {
    const skip: Label = { pc: -1 };
    const when = this.scripts.get([...path, 'when'].join('.'));
    if (phase.when !== undefined) this.emit((f) => { if (!truthy(valueOf(f.rt, phase.when, when) ?? true)) f.pc = skip.pc; });
    const by = typeof phase.by === 'string' ? phase.by : null;
    const saved = this.slot();
    this.emit((f) => { f.slots[saved] = record([['player', f.rt.state.active.player], ['side', f.rt.state.active.side]]); });
    if (by === 'each player' || by === 'each side') {
      const list = this.slot();
      const index = this.slot();
      const top: Label = { pc: -1 };
      const done: Label = { pc: -1 };
      this.emit((f) => {
        const rt = f.rt;
        // The order is read when the phase starts, so an earlier phase of the round can set it.
        if (by === 'each player') f.slots[list] = (rt.state.turnOrder = turnOrder(rt)).slice();
        else f.slots[list] = Object.keys(rt.program.data.sides ?? {});
        f.slots[index] = 0;
      });
      this.mark(top);
      this.emit((f) => {
        const items = f.slots[list] as string[];
        const i = f.slots[index] as number;
        if (i >= items.length) { f.pc = done.pc; return; }
        f.slots[index] = i + 1;
        const rt = f.rt;
        if (by === 'each player') setActive(rt, items[i]!, null);
        else setActive(rt, rt.state.players.find((p) => p.side === items[i])?.id ?? null, items[i]!);
        resetVariables(rt, 'turn');
      });
      this.body(phase, path, by);
      this.emit((f) => { f.pc = top.pc; });
      this.mark(done);
    } else {
      // `by: all` is every seat at once: none is active, so `player` and `side` are none there (the
      // checker warns where a script reads them) rather than whatever an earlier phase left.
      if (by === 'all') this.emit((f) => { f.rt.state.active = { player: null, side: null }; });
      else if (by) this.emit((f) => setActive(f.rt, f.rt.state.players.find((p) => p.side === by)?.id ?? null, by));
      this.body(phase, path, by);
    }
    this.emit((f) => {
      const s = f.slots[saved] as Rec;
      f.rt.state.active = { player: s.player as string | null, side: s.side as string | null };
    });
    this.mark(skip);
  }

  private body(phase: Record<string, unknown>, path: Path, by: string | null): void {
    this.emit((f) => {
      const rt = f.rt;
      rt.state.phase = String(phase.id);
      if (rt.logging) rt.log('phase', `${typeof phase.name === 'string' ? phase.name : String(phase.id)}${rt.state.active.player && by ? ` — ${rt.label(rt.ref('player', rt.state.active.player))}` : ''}`, { path, span: NO_SPAN });
      resetVariables(rt, 'phase');
    });
    const steps = Array.isArray(phase.steps) ? phase.steps : [];
    // The flow's `each_step` hooks wrap every phase or step without steps of its own.
    const leaf = steps.length === 0;
    if (leaf) this.script(['flow', 'each_step', 'on_enter']);
    this.script([...path, 'on_enter']);
    this.script([...path, 'do']);
    steps.forEach((step, i) => this.phase(step as Record<string, unknown>, [...path, 'steps', i]));
    if (isRecord(phase.actions)) this.actions(phase.actions, [...path, 'actions']);
    this.script([...path, 'on_exit']);
    if (leaf) this.script(['flow', 'each_step', 'on_exit']);
    this.checkVictory('phase');
  }

  /** Every action's sites, found once. */
  private actionInfo(): ReadonlyMap<string, ActionInfo> {
    const info = new Map<string, ActionInfo>();
    const actions = isRecord(this.data.actions) ? (this.data.actions as Record<string, unknown>) : {};
    const site = (path: Path) => this.scripts.get(path.join('.'));
    for (const id of Object.keys(actions)) {
      const def = actions[id];
      if (!isRecord(def)) continue;
      const raw = isRecord(def.params) ? def.params : {};
      const params = Object.keys(raw);
      const lists = params.map((p): Path => [...paramOptionsPath(id, p, raw[p])]);
      info.set(id, {
        def, name: String(def.name ?? id), cost: def.cost, costScript: site(['actions', id, 'cost']), when: def.when, whenScript: site(['actions', id, 'when']),
        params, paramScripts: lists.map(site), doScript: site(['actions', id, 'do']),
        pureChoices: lists.every((p) => site(p)?.pure === true) && site(['actions', id, 'cost'])?.pure === true,
        independentLists: lists.slice(1).map(site).filter((s): s is CompiledScript => s?.pure === true && !s.readsLocals),
        paramAts: lists.map((path) => ({ path, span: NO_SPAN })),
        paramPrompts: params.map((p) => `${String(def.name ?? id)}: choose ${p.replace(/_/g, ' ')}`),
        paramQuestions: params.map((p) => site(['actions', id, 'params', p, 'prompt'])),
      });
    }
    return info;
  }

  /** An action phase: the active player spends points on allowed actions until out of points or passing. */
  private actions(spec: Record<string, unknown>, path: Path): void {
    const allowed = Array.isArray(spec.allowed) ? spec.allowed.map(String) : [];
    const info = this.actionInfo();
    const pure = (raw: unknown, script: CompiledScript | undefined) => raw === undefined || typeof raw === 'number' || typeof raw === 'boolean' || script?.pure === true;
    // A pool is read before every menu (scripts may have spent or added to it) and costs are taken
    // from it; `points` are counted in a slot from the phase's start.
    const pool = this.scripts.get([...path, 'pool'].join('.'));
    const poolAt: SourceAt = { path: [...path, 'pool'], span: NO_SPAN };
    const passScript = this.scripts.get([...path, 'pass'].join('.'));
    // The pass condition runs after the lists are made, before the answer: it must be pure too.
    const reusable = pure(spec.pass, passScript) && allowed.every((id) => {
      const a = info.get(id);
      return !a || (pure(a.cost, a.costScript) && pure(a.when, a.whenScript) && (a.params.length === 0 || a.paramScripts[0]?.pure === true));
    });
    const at: SourceAt = { path, span: NO_SPAN };
    /** The menu's question by points left, made once each (a few values in any game). */
    const prompts = new Map<number | null, string>();
    const unit = pool && typeof spec.pool === 'string' ? poolUnit(this.data as Record<string, unknown>, spec.pool) : 'points';
    const notes = costNotes(allowed.flatMap((id) => { const a = info.get(id); return a ? [{ id, cost: a.cost }] : []; }), unit, pool !== undefined || spec.points !== UNLIMITED);
    const points = this.slot();
    const guard = this.slot();
    const chosen = this.slot();
    const cost = this.slot();
    const params = this.slot();
    const param = this.slot();
    const answer = this.slot();
    const top: Label = { pc: -1 };
    const end: Label = { pc: -1 };
    const paramTop: Label = { pc: -1 };
    const paramsDone: Label = { pc: -1 };
    // Unlimited points (`points: unlimited`, or an expression giving none) are a null slot: JSON-safe, unlike Infinity.
    this.emit((f) => {
      const v = pool || spec.points === UNLIMITED ? null : valueAt(f.rt, [...path, 'points'], spec.points) ?? null;
      f.slots[points] = v === null ? null : toNumber(v) ?? 0;
      f.slots[guard] = 0;
    });
    this.mark(top);
    this.emit((f) => {
      const rt = f.rt;
      const g = f.slots[guard] as number;
      if (g >= ACTION_LIMIT) { f.pc = end.pc; return; }
      f.slots[guard] = g + 1;
      if (pool) f.slots[points] = poolPoints(rt, pool, poolAt);
      const left = f.slots[points] as number | null;
      // Kept only for a host that changes nothing between answers, and when every list, cost and
      // condition of the menu is pure, so nothing the menu runs changes what the kept lists read
      // (a trace host must see every table lookup again).
      const keep: MenuLists | null = reusable && rt.opts.hostReadsOnly === true && !rt.opts.trace ? { frame: f, site: spec, epoch: rt.hostEpoch, ids: [], values: [], steps: [], at: [] } : null;
      rt.menuLists = keep;
      const legal = allowed.filter((id) => actionLegal(rt, info.get(id), left, keep, id));
      if (legal.length === 0) {
        // Points left and nothing to spend them on ends the turn too: said, or a reader sees a
        // player skipped (a worker-placement walk: no free space, and no word of it).
        if (rt.logging && left !== 0 && allowed.length > 0) rt.log('log', `${rt.label(rt.ref('player', rt.state.active.player ?? rt.state.players[0]!.id))}: no action can be taken${left === null ? '' : ` (${pointsLeft(left, unit)})`}`, at);
        f.pc = end.pc;
        return;
      }
      const options: Value[] = mayPass(rt, spec.pass, passScript) ? [...legal, 'pass'] : legal;
      const labels = options.map((id) => (id === 'pass' ? 'Pass' : info.get(String(id))?.name ?? String(id)));
      let prompt = prompts.get(left);
      if (prompt === undefined && prompts.size < 64) prompts.set(left, (prompt = menuPrompt(left, unit)));
      const req: DecisionRequest = { kind: 'one', player: rt.state.active.player ?? rt.state.players[0]!.id, prompt: prompt ?? menuPrompt(left, unit), options, labels, min: 1, max: 1, secret: false, at };
      if (notes.size > 0) req.notes = options.map((id) => notes.get(String(id)) ?? null);
      rt.suspend(req, chosen);
    });
    this.emit((f) => {
      const id = f.slots[chosen] as string;
      if (id === 'pass') { f.pc = end.pc; return; }
      const a = info.get(id);
      // A cost that reads the choices is worked out once they are made (below).
      f.slots[cost] = a?.costScript?.readsLocals ? null : toNumber((a ? valueOf(f.rt, a.cost, a.costScript) : undefined) ?? 1) ?? 1;
      f.slots[params] = record([]);
      f.slots[param] = 0;
    });
    this.mark(paramTop);
    this.emit((f) => {
      const rt = f.rt;
      const id = f.slots[chosen] as string;
      const a = info.get(id);
      const i = f.slots[param] as number;
      if (a === undefined || i >= a.params.length) { f.pc = paramsDone.pc; return; }
      const pat = a.paramAts[i]!;
      let list = i === 0 ? keptList(rt, f, spec, id) : NOT_KEPT;
      if (list === NOT_KEPT) list = rt.evalScript(a.paramScripts[i], f.slots[params] as Rec) ?? null;
      let options = rt.iterable(list, pat);
      if (options.length === 0) throw new RuleError('no-options', `Action \`${id}\` has no choice for \`${a.params[i]}\`.`, pat);
      // An action whose cost reads its choices offers only choices that lead to one the points left
      // pay for (`affordable`); with lists that act, only its last choice is filtered.
      const left = f.slots[points] as number | null;
      if (a.costScript?.readsLocals && left !== null && (a.pureChoices || i === a.params.length - 1)) {
        const chosen = f.slots[params] as Rec;
        options = options.filter((o) => affordable(rt, a, record([...Object.entries(chosen), [a.params[i]!, o]]), i + 1, left));
        if (options.length === 0) throw new RuleError('no-options', `Action \`${id}\` has no choice for \`${a.params[i]}\` that the ${left} point${left === 1 ? '' : 's'} left pay for.`, pat, `Offer the action only when a choice is affordable: filter the earlier choices, or give the action a \`when\`.`);
      }
      const labels: string[] = [];
      for (let k = 0; k < options.length; k++) labels.push(rt.label(options[k]!));
      const req: DecisionRequest = { kind: 'one', player: rt.state.active.player ?? rt.state.players[0]!.id, prompt: paramQuestion(rt, a, i, f.slots[params] as Rec), options, labels, min: 1, max: 1, secret: false, at: pat };
      rt.suspend(req, answer);
    });
    this.emit((f) => {
      const names = info.get(f.slots[chosen] as string)?.params ?? [];
      const i = f.slots[param] as number;
      (f.slots[params] as Rec)[names[i]!] = f.slots[answer] ?? null;
      f.slots[param] = i + 1;
      f.pc = paramTop.pc;
    });
    this.mark(paramsDone);
    this.emit((f) => {
      const rt = f.rt;
      const id = f.slots[chosen] as string;
      if (f.slots[cost] === null) {
        const a = info.get(id)!;
        const c = toNumber(rt.evalScript(a.costScript, f.slots[params] as Rec) ?? 1) ?? 1;
        const left = f.slots[points] as number | null;
        // Only a cost that changed while the choices were asked (a list that acts) can be over.
        if (left !== null && c > left) throw new RuleError('cost-over-points', `Action \`${id}\` costs ${c} with these choices, but ${left} point${left === 1 ? ' is' : 's are'} left.`, { path: ['actions', id, 'cost'], span: NO_SPAN }, 'Make the cost depend only on the choices and what their lists do not change.');
        f.slots[cost] = c;
      }
      const player = rt.state.active.player ?? rt.state.players[0]!.id;
      if (rt.logging) rt.log('log', `${rt.label(rt.ref('player', player))}: ${actionName(rt, id)}`, { path: ['actions', id], span: NO_SPAN });
      // Paid from a pool before the action runs, so its `do` sees what is left.
      const paid = f.slots[cost] as number;
      if (pool?.pay && paid !== 0) rt.runNow(pool.pay, [paid]);
      const script = info.get(id)?.doScript;
      if (script) rt.enter(script, f.slots[params] as Rec, NO_SLOT);
    });
    if (!pool) this.emit((f) => { if (f.slots[points] !== null) f.slots[points] = (f.slots[points] as number) - (f.slots[cost] as number); });
    this.checkVictory('action');
    this.emit((f) => { f.pc = top.pc; });
    this.mark(end);
  }
}

/** A field that is a constant in YAML or an expression site. */
export function valueAt(rt: Runtime, path: Path, raw: unknown, locals?: Rec): Value | undefined {
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return raw === undefined ? undefined : rt.evalSite(path, locals);
}

/** Expression initials of tracks (`initial: area.printed_defense`), per owner, before setup runs. */
function initialTracks(rt: Runtime): void {
  for (const [id, t] of Object.entries(rt.program.data.tracks ?? {})) {
    if (typeof t.initial !== 'string') continue;
    const per = t.per && t.per !== 'global' ? t.per : null;
    const owners = per ? Object.keys((rt.state.tracks[id] ?? {}) as object) : [null];
    for (const owner of owners) {
      const v = rt.evalSite(['tracks', id, 'initial'], per && owner ? record([[per, rt.ref(per, owner)]]) : undefined);
      rt.setTrack(id, owner, v ?? 0, { path: ['tracks', id, 'initial'], span: NO_SPAN });
    }
  }
}

/** Variables declared `reset: round | turn | phase` go back to their `initial` (every owner's value, for a `per:` one). */
function resetVariables(rt: Runtime, when: 'round' | 'turn' | 'phase'): void {
  const list = resets(rt, when);
  if (list.length === 0) return;
  const vars = rt.state.vars;
  for (const [id, initial, per] of list) {
    // Plain values are shared as they are; lists and records are copied for each owner.
    const plain = initial === null || typeof initial !== 'object';
    if (!per) { vars[id] = plain ? initial : structuredClone(initial); continue; }
    // A new record, never an edit in place: a fork may share this one (Runtime.shareRecords).
    const owners = Object.keys(vars[id] as Record<string, unknown>);
    if (plain) { vars[id] = resetCopy(rt, id, owners, initial); continue; }
    const fresh: Record<string, unknown> = {};
    for (const owner of owners) fresh[owner] = structuredClone(initial);
    vars[id] = fresh;
  }
}

/**
 * Reset records of a plain initial value, one per variable and program, copied by spreading: a
 * record of many owners built key by key is a slow (dictionary) object and costs far more to make.
 * Used only while the owners are exactly the template's (in the same order).
 */
const resetTemplates = new WeakMap<object, Map<string, { owners: string[]; record: Record<string, unknown> }>>();

function resetCopy(rt: Runtime, id: string, owners: string[], initial: unknown): Record<string, unknown> {
  let byId = resetTemplates.get(rt.program);
  if (!byId) resetTemplates.set(rt.program, (byId = new Map()));
  const t = byId.get(id);
  if (t && sameList(t.owners, owners)) return { ...t.record };
  const fresh: Record<string, unknown> = {};
  for (const owner of owners) fresh[owner] = initial;
  const record = { ...fresh };
  byId.set(id, { owners, record });
  return { ...record };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const resetLists = new WeakMap<object, Map<string, Array<[string, unknown, boolean]>>>();

/** The variables to reset at `when`, worked out once per program. */
function resets(rt: Runtime, when: string): Array<[string, unknown, boolean]> {
  let byWhen = resetLists.get(rt.program);
  if (!byWhen) {
    byWhen = new Map();
    for (const [id, v] of Object.entries(rt.program.data.variables ?? {})) {
      if (!isRecord(v) || typeof v.reset !== 'string') continue;
      if (!byWhen.has(v.reset)) byWhen.set(v.reset, []);
      byWhen.get(v.reset)!.push([id, v.initial ?? null, v.per !== undefined && v.per !== 'global']);
    }
    resetLists.set(rt.program, byWhen);
  }
  return byWhen.get(when) ?? [];
}

function turnOrder(rt: Runtime): string[] {
  const order = rt.program.data.flow?.turn_order;
  const ids = rt.state.players.map((p) => p.id);
  if (order === undefined || order === 'seating') return ids;
  if (order === 'sides') {
    const sides = Object.keys(rt.program.data.sides ?? {});
    return [...ids].sort((a, b) => sides.indexOf(sideOf(rt, a) ?? '') - sides.indexOf(sideOf(rt, b) ?? ''));
  }
  const v = rt.evalSite(['flow', 'turn_order']);
  if (!Array.isArray(v)) throw new RuleError('invalid-turn-order', '`flow.turn_order` must give a list of players.', { path: ['flow', 'turn_order'], span: NO_SPAN });
  return v.map((p) => (p instanceof EntityRef ? p.id : String(p)));
}

const sideOf = (rt: Runtime, player: string) => rt.state.players.find((p) => p.id === player)?.side ?? null;

function setActive(rt: Runtime, player: string | null, side: string | null): void {
  rt.state.active = { player, side: side ?? (player ? sideOf(rt, player) : null) };
}

export type { Frame };
