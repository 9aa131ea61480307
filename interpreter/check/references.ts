import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';
import { unknownRef } from './map.ts';
import { checkPhaseBy } from './phase-by.ts';
import { allowedValues, optionValueOk } from './option-values.ts';
import { didYouMean } from './suggest.ts';
import { walkPhases } from './symbols.ts';
import { yamlBooleanHint, yamlOneOneBoolean } from '../load/schema-words.ts';

/** Ids that data (not scripts) points at: sides, piece types, actions; bounds that make sense. */
export function checkReferences(ctx: CheckContext): void {
  const d = ctx.model.data;
  const sides = new Set(entries(d.sides).map(([id]) => id));
  const pieceTypes = new Set(entries(d.pieces).map(([id]) => id));
  const actions = new Set(entries(d.actions).map(([id]) => id));
  const sideRef = (path: Array<string | number>, v: unknown) => {
    if (typeof v === 'string' && !sides.has(v)) unknownRef(ctx, path, v, sides, 'side', 'sides');
  };
  for (const [id, p] of entries(d.pieces)) {
    if (!isRecord(p)) continue;
    sideRef(['pieces', id, 'side'], p.side);
    if (typeof p.flips_to === 'string' && !pieceTypes.has(p.flips_to)) unknownRef(ctx, ['pieces', id, 'flips_to'], p.flips_to, pieceTypes, 'piece type', 'pieces');
  }
  for (const [id, deck] of entries(d.decks)) if (isRecord(deck)) sideRef(['decks', id, 'owner'], deck.owner);
  for (const [id] of entries(isRecord(d.heuristics) ? d.heuristics.sides : undefined)) {
    if (!sides.has(id)) ctx.atKey(['heuristics', 'sides', id], { code: 'unknown-reference', message: `No side \`${id}\` is defined.`, hint: `Score a side of \`sides:\` (${[...sides].join(', ') || 'none declared'}).` });
  }
  for (const [id, side] of entries(d.sides)) {
    if (!isRecord(side) || !Array.isArray(side.opponents)) continue;
    side.opponents.forEach((o, i) => {
      if (o === id) ctx.atValue(['sides', id, 'opponents', i], { code: 'self-opponent', message: `Side \`${id}\` cannot play against itself.`, hint: 'Remove it from its own `opponents`.' });
      else sideRef(['sides', id, 'opponents', i], o);
    });
  }
  checkResets(ctx);
  checkVariableInitials(ctx);
  if (isRecord(d.players) && typeof d.players.min === 'number' && typeof d.players.max === 'number' && d.players.min > d.players.max) {
    ctx.atValue(['players', 'min'], { code: 'invalid-bounds', message: `At least ${d.players.min} players but at most ${d.players.max}: no player count fits.`, hint: 'Make `min` no larger than `max`.' });
  }
  checkTrackBounds(ctx);
  checkVisibility(ctx);
  checkOptions(ctx);
  walkPhases(d.flow?.phases, ['flow', 'phases'], (_id, path, phase) => {
    const allowed = isRecord(phase.actions) && Array.isArray(phase.actions.allowed) ? phase.actions.allowed : [];
    allowed.forEach((a, i) => {
      if (typeof a === 'string' && !actions.has(a)) unknownRef(ctx, [...path, 'actions', 'allowed', i], a, actions, 'action', 'actions');
    });
    if (typeof phase.by === 'string') checkPhaseBy(ctx, [...path, 'by'], phase.by, sides);
    if (isRecord(phase.actions)) checkPoints(ctx, [...path, 'actions'], phase.actions);
  });
}

/** An action phase counts its points one way: `points` from the phase's start, or a `pool` that scripts change too. */
function checkPoints(ctx: CheckContext, path: Array<string | number>, actions: Record<string, unknown>): void {
  if (actions.points === undefined && actions.pool === undefined) {
    ctx.atKey(path, { code: 'missing-points', message: 'This action phase says how many points the player has neither with `points` nor with `pool`.', hint: 'Add `points: 2` (a number or expression, counted from the phase\'s start), `points: unlimited`, or `pool: side.action_points` (a track or variable the actions\' costs are taken from).' });
  } else if (actions.points !== undefined && actions.pool !== undefined) {
    ctx.atKey([...path, 'pool'], { code: 'points-and-pool', message: 'This action phase has both `points` and `pool`: the points would be counted twice.', hint: 'Keep `pool` when the points live in a track or variable that scripts change; otherwise keep `points`.' });
  } else if (actions.pool !== undefined && typeof actions.pool !== 'string') {
    ctx.atValue([...path, 'pool'], { code: 'pool-not-a-variable', message: '`pool` must name a track or variable, but this is a constant.', hint: 'Write `points:` for a fixed number of points, or name where they live (`pool: side.action_points`).' });
  }
}

/** `reset: turn` needs a phase played in turns (`by: each player` or `each side`); `reset` needs a flow. */
function checkResets(ctx: CheckContext): void {
  const d = ctx.model.data;
  let turns = false;
  walkPhases(d.flow?.phases, ['flow', 'phases'], (_id, _path, phase) => { if (phase.by === 'each player' || phase.by === 'each side') turns = true; });
  for (const [id, v] of entries(d.variables)) {
    if (!isRecord(v) || typeof v.reset !== 'string') continue;
    if (!isRecord(d.flow)) {
      ctx.atValue(['variables', id, 'reset'], { code: 'reset-never-applies', severity: 'warning', message: `Variable \`${id}\` resets each ${v.reset}, but the ruleset has no \`flow\`.`, hint: 'Remove `reset`, or add a flow.' });
    } else if (v.reset === 'turn' && !turns) {
      ctx.atValue(['variables', id, 'reset'], { code: 'reset-never-applies', severity: 'warning', message: `Variable \`${id}\` resets each turn, but no phase is played in turns (\`by: each player\` or \`each side\`).`, hint: 'Use `reset: round` or `reset: phase`, or play a phase `by: each player`.' });
    }
  }
}

/** What `typeof` (or a list or record test) a variable's plain `initial` must pass for its declared `type`. */
const INITIAL_KINDS: Readonly<Record<string, [test: (v: unknown) => boolean, wanted: string]>> = {
  number: [(v) => typeof v === 'number', 'a number'],
  text: [(v) => typeof v === 'string', 'text'],
  boolean: [(v) => typeof v === 'boolean', 'true or false'],
  list: [Array.isArray, 'a list'],
  record: [isRecord, 'a record'],
};

/** A variable starts with its `initial` as written: one of another kind than its `type` stops the first script that uses it so. */
function checkVariableInitials(ctx: CheckContext): void {
  for (const [id, v] of entries(ctx.model.data.variables)) {
    const kind = isRecord(v) && typeof v.type === 'string' ? INITIAL_KINDS[v.type] : undefined;
    if (!kind || v.initial === undefined || v.initial === null || kind[0](v.initial)) continue;
    ctx.atValue(['variables', id, 'initial'], { code: 'invalid-initial', message: `Variable \`${id}\` is declared \`type: ${String(v.type)}\`, but its \`initial\` is not ${kind[1]}.`, hint: `Start it with ${kind[1]}, or declare the \`type\` its value has.` });
  }
}

function checkTrackBounds(ctx: CheckContext): void {
  for (const [id, t] of entries(ctx.model.data.tracks)) {
    if (!isRecord(t)) continue;
    const { min, max, initial } = t;
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      ctx.atValue(['tracks', id, 'min'], { code: 'invalid-bounds', message: `Track \`${id}\` has \`min\` ${min} above \`max\` ${max}.`, hint: 'Swap them or fix one.' });
      continue;
    }
    if (typeof initial !== 'number') continue;
    if ((typeof min === 'number' && initial < min) || (typeof max === 'number' && initial > max)) {
      ctx.atValue(['tracks', id, 'initial'], { code: 'initial-out-of-bounds', message: `Track \`${id}\` starts at ${initial}, outside its bounds ${min ?? '…'}..${max ?? '…'}.`, hint: 'Move `initial` inside the bounds, or widen them.' });
    }
  }
}

/** `visibility: owner` needs values that belong to someone: per player, side or piece. */
function checkVisibility(ctx: CheckContext): void {
  for (const section of ['tracks', 'variables'] as const) {
    for (const [id, def] of entries(ctx.model.data[section])) {
      if (!isRecord(def) || def.visibility !== 'owner') continue;
      const per = typeof def.per === 'string' ? def.per : 'global';
      if (per === 'player' || per === 'side' || per === 'piece') continue;
      ctx.atValue([section, id, 'visibility'], {
        code: 'visibility-without-owner',
        severity: 'warning',
        message: `\`${id}\` is \`per: ${per}\`, so its value${per === 'area' ? 's belong' : ' belongs'} to no player: \`owner\` hides ${per === 'area' ? 'them' : 'it'} from every seat.`,
        hint: 'Write `visibility: hidden` to say so, or give it `per: player`, `side` or `piece`.',
      });
    }
  }
}

function checkOptions(ctx: CheckContext): void {
  const options = ctx.model.data.options as Record<string, unknown> | undefined;
  for (const [id, o] of entries(ctx.model.data.options)) {
    if (!isRecord(o)) continue;
    checkRequires(ctx, id, o, options ?? {});
    const want = o.type === 'boolean' ? 'boolean' : o.type === 'number' ? 'number' : 'string';
    const ok = typeof o.default === want && (o.type !== 'choice' || (Array.isArray(o.values) && o.values.includes(o.default)));
    if (!ok) {
      const meant = want === 'boolean' ? yamlOneOneBoolean(o.default) : undefined;
      ctx.atValue(['options', id, 'default'], {
        code: 'invalid-default',
        message: o.type === 'choice' ? `The default of option \`${id}\` must be one of its values.` : `The default of option \`${id}\` must be a ${want}.`,
        hint: o.type === 'choice' && Array.isArray(o.values) ? `Use one of: ${o.values.join(', ')}.` : meant !== undefined ? yamlBooleanHint(String(o.default), meant) : `Write a ${want}.`,
        ...(meant !== undefined ? { fix: String(meant) } : {}),
      });
    }
  }
}

/** `requires: { other: value }`: each other option exists, is not this one, and may take that value. */
function checkRequires(ctx: CheckContext, id: string, o: Record<string, unknown>, options: Record<string, unknown>): void {
  for (const [other, want] of entries<unknown>(o.requires)) {
    const path = ['options', id, 'requires', other];
    if (other === id) {
      ctx.atKey(path, { code: 'self-requirement', message: `Option \`${id}\` cannot require itself.`, hint: 'Name the other option it matters with, or remove the line.' });
    } else if (!isRecord(options[other])) {
      const dym = didYouMean(other, Object.keys(options));
      ctx.atKey(path, { code: 'unknown-reference', message: `No option \`${other}\` is defined.${dym.text}`, hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Name an option declared under `options:`.' });
    } else if (!optionValueOk(options[other], want)) {
      ctx.atValue(path, { code: 'invalid-requirement', message: `Option \`${other}\` is ${allowedValues(options[other])}, so it is never ${JSON.stringify(want)}: \`${id}\` would always keep its default.`, hint: `Require a value \`${other}\` can take (${allowedValues(options[other])}).` });
    }
  }
}
