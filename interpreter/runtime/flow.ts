import { isRecord } from '../check/context.ts';
import type { DecisionRequest } from './decisions.ts';
import { answerValue, type Answer } from './decisions.ts';
import { GameOver, RuleError, type SourceAt } from './errors.ts';
import type { CompiledScript } from './program.ts';
import type { Runtime } from './runtime.ts';
import { EntityRef, toNumber, truthy, type Value } from './values.ts';

type Gen<T = void> = Generator<DecisionRequest, T, unknown>;
type Path = Array<string | number>;
const NO_SPAN = { start: 0, end: 0 };

/** Evaluate an expression site that must not ask anyone (conditions, costs, counts). */
function evalSite(rt: Runtime, path: Path, locals: Record<string, Value> = {}): Value | undefined {
  const script = rt.script(path);
  if (!script) return undefined;
  rt.quiet++;
  let r;
  try {
    r = rt.run(script, locals).next();
  } finally {
    rt.quiet--;
  }
  if (!r.done) throw new RuleError('choice-in-expression', 'This expression cannot ask a player to choose.', { path, span: NO_SPAN });
  return r.value;
}

/** A field that is a constant in YAML or an expression site. */
function valueAt(rt: Runtime, path: Path, raw: unknown, locals: Record<string, Value> = {}): Value | undefined {
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return raw === undefined ? undefined : evalSite(rt, path, locals);
}

/** The whole game: setup, rounds of phases, then victory. Decisions are yielded to the driver. */
export function* playGame(rt: Runtime): Gen {
  const d = rt.program.data;
  yield* runSetup(rt);
  const flow = d.flow;
  const phases = Array.isArray(flow?.phases) ? flow!.phases : [];
  if (phases.length > 0) {
    const rounds = flow!.rounds;
    for (let round = 1; ; round++) {
      const count = rounds ? valueAt(rt, ['flow', 'rounds', 'count'], rounds.count) : 1;
      if (count !== undefined && count !== null && round > (toNumber(count) ?? 1)) break;
      if (round > 100_000) throw new RuleError('round-limit', 'More than 100,000 rounds: the game never ends.', { path: ['flow', 'rounds'], span: NO_SPAN }, 'Give `flow.rounds` a `count` or an `until` that becomes true.');
      rt.state.round = round;
      rt.turnOrder = turnOrder(rt);
      for (let i = 0; i < phases.length; i++) yield* runPhase(rt, phases[i] as unknown as Record<string, unknown>, ['flow', 'phases', i]);
      yield* checkVictory(rt, 'round');
      const until = rounds ? valueAt(rt, ['flow', 'rounds', 'until'], rounds.until) : undefined;
      if (until !== undefined && truthy(until)) break;
    }
  }
  yield* endOfGame(rt);
}

function* runSetup(rt: Runtime): Gen {
  // Expression initials of tracks (`initial: area.printed_defense`) first, per owner.
  for (const [id, t] of Object.entries(rt.program.data.tracks ?? {})) {
    if (typeof t.initial !== 'string') continue;
    const per = t.per && t.per !== 'global' ? t.per : null;
    const owners = per ? Object.keys((rt.state.tracks[id] ?? {}) as object) : [null];
    for (const owner of owners) {
      const v = evalSite(rt, ['tracks', id, 'initial'], per && owner ? { [per]: rt.ref(per, owner) } : {});
      rt.setTrack(id, owner, v ?? 0, { path: ['tracks', id, 'initial'], span: NO_SPAN });
    }
  }
  const setup = rt.program.data.setup;
  rt.state.phase = 'setup';
  if (typeof setup === 'string') yield* runScript(rt, ['setup']);
  else if (Array.isArray(setup)) for (let i = 0; i < setup.length; i++) yield* runScript(rt, ['setup', i, 'do']);
}

function* runScript(rt: Runtime, path: Path, locals: Record<string, Value> = {}): Gen {
  const script: CompiledScript | undefined = rt.script(path);
  if (script) yield* rt.run(script, locals);
}

function turnOrder(rt: Runtime): string[] {
  const order = rt.program.data.flow?.turn_order;
  const ids = rt.state.players.map((p) => p.id);
  if (order === undefined || order === 'seating') return ids;
  if (order === 'sides') {
    const sides = Object.keys(rt.program.data.sides ?? {});
    return [...ids].sort((a, b) => sides.indexOf(sideOf(rt, a) ?? '') - sides.indexOf(sideOf(rt, b) ?? ''));
  }
  const v = evalSite(rt, ['flow', 'turn_order']);
  if (!Array.isArray(v)) throw new RuleError('invalid-turn-order', '`flow.turn_order` must give a list of players.', { path: ['flow', 'turn_order'], span: NO_SPAN });
  return v.map((p) => (p instanceof EntityRef ? p.id : String(p)));
}

const sideOf = (rt: Runtime, player: string) => rt.state.players.find((p) => p.id === player)?.side ?? null;

function setActive(rt: Runtime, player: string | null, side: string | null): void {
  rt.state.active = { player, side: side ?? (player ? sideOf(rt, player) : null) };
}

function* runPhase(rt: Runtime, phase: Record<string, unknown>, path: Path): Gen {
  if (phase.when !== undefined && !truthy(valueAt(rt, [...path, 'when'], phase.when) ?? true)) return;
  const by = typeof phase.by === 'string' ? phase.by : null;
  const body = function* (): Gen {
    rt.state.phase = String(phase.id);
    rt.log('phase', `${typeof phase.name === 'string' ? phase.name : String(phase.id)}${rt.state.active.player && by ? ` — ${rt.label(rt.ref('player', rt.state.active.player))}` : ''}`, { path, span: NO_SPAN });
    yield* runScript(rt, [...path, 'do']);
    const steps = Array.isArray(phase.steps) ? phase.steps : [];
    for (let i = 0; i < steps.length; i++) yield* runPhase(rt, steps[i] as Record<string, unknown>, [...path, 'steps', i]);
    if (isRecord(phase.actions)) yield* actionLoop(rt, phase.actions, [...path, 'actions']);
    yield* checkVictory(rt, 'phase');
  };
  const saved = { ...rt.state.active };
  if (by === 'each player') {
    // The order is read when the phase starts, so an earlier phase of the round can set it.
    rt.turnOrder = turnOrder(rt);
    for (const p of rt.turnOrder) { setActive(rt, p, null); yield* body(); }
  } else if (by === 'each side') {
    for (const s of Object.keys(rt.program.data.sides ?? {})) { setActive(rt, rt.state.players.find((p) => p.side === s)?.id ?? null, s); yield* body(); }
  } else if (by && by !== 'all') {
    setActive(rt, rt.state.players.find((p) => p.side === by)?.id ?? null, by);
    yield* body();
  } else {
    yield* body();
  }
  rt.state.active = saved;
}

/** An action phase: the active player spends points on allowed actions until out of points or passing. */
function* actionLoop(rt: Runtime, spec: Record<string, unknown>, path: Path): Gen {
  let points = toNumber(valueAt(rt, [...path, 'points'], spec.points) ?? 0) ?? 0;
  const allowed = Array.isArray(spec.allowed) ? spec.allowed.map(String) : [];
  const at: SourceAt = { path, span: NO_SPAN };
  for (let guard = 0; guard < 10_000; guard++) {
    const legal = allowed.filter((id) => actionLegal(rt, id, points));
    if (legal.length === 0) return;
    const options: Value[] = spec.pass === false ? legal : [...legal, 'pass'];
    const labels = options.map((id) => (id === 'pass' ? 'Pass' : String(rt.def('actions', String(id))?.name ?? id)));
    const req: DecisionRequest = { kind: 'one', player: rt.state.active.player ?? rt.state.players[0]!.id, prompt: `Choose an action (${points} point${points === 1 ? '' : 's'} left)`, options, labels, min: 1, max: 1, secret: false, at };
    const chosen = answerValue(req, (yield req) as Answer) as string;
    if (chosen === 'pass') return;
    const cost = toNumber(valueAt(rt, ['actions', chosen, 'cost'], rt.def('actions', chosen)?.cost) ?? 1) ?? 1;
    const params = yield* chooseParams(rt, chosen);
    rt.log('log', `${rt.label(rt.ref('player', req.player))}: ${labels[options.indexOf(chosen)]}`, { path: ['actions', chosen], span: NO_SPAN });
    yield* runScript(rt, ['actions', chosen, 'do'], params);
    points -= cost;
    yield* checkVictory(rt, 'action');
  }
}

function actionLegal(rt: Runtime, id: string, points: number): boolean {
  const def = rt.def('actions', id);
  if (!def) return false;
  const cost = toNumber(valueAt(rt, ['actions', id, 'cost'], def.cost) ?? 1) ?? 1;
  if (cost > points) return false;
  if (def.when !== undefined && !truthy(valueAt(rt, ['actions', id, 'when'], def.when) ?? true)) return false;
  // An action whose first choice has no options cannot be taken.
  const first = isRecord(def.params) ? Object.keys(def.params)[0] : undefined;
  if (first) {
    const options = evalSite(rt, ['actions', id, 'params', first]);
    if (Array.isArray(options) && options.length === 0) return false;
  }
  return true;
}

function* chooseParams(rt: Runtime, id: string): Gen<Record<string, Value>> {
  const def = rt.def('actions', id);
  const params: Record<string, Value> = {};
  for (const name of isRecord(def?.params) ? Object.keys(def!.params) : []) {
    const path: Path = ['actions', id, 'params', name];
    const options = rt.iterable(evalSite(rt, path, params) ?? null, { path, span: NO_SPAN });
    if (options.length === 0) throw new RuleError('no-options', `Action \`${id}\` has no choice for \`${name}\`.`, { path, span: NO_SPAN });
    const req: DecisionRequest = { kind: 'one', player: rt.state.active.player ?? rt.state.players[0]!.id, prompt: `${String(def?.name ?? id)}: choose ${name}`, options, labels: options.map((o) => rt.label(o)), min: 1, max: 1, secret: false, at: { path, span: NO_SPAN } };
    params[name] = answerValue(req, (yield req) as Answer);
  }
  return params;
}

function* checkVictory(rt: Runtime, when: 'action' | 'phase' | 'round'): Gen {
  const v = rt.program.data.victory;
  if (!v || v.when === undefined || (v.check ?? 'round') !== when) return;
  if (truthy(valueAt(rt, ['victory', 'when'], v.when) ?? false)) yield* endOfGame(rt);
}

function* endOfGame(rt: Runtime): Gen {
  rt.state.phase = 'victory';
  yield* runScript(rt, ['victory', 'do']);
  throw new GameOver(null);
}
