import { isRecord } from '../check/context.ts';
import { charge } from './budget.ts';
import { programMemo } from './program-memo.ts';
import { RuleError, type SourceAt } from './errors.ts';
import type { Runtime } from './runtime.ts';
import { pieceLabelIn } from './piece-label.ts';
import type { PieceState } from './state.ts';
import { EntityRef, RangeValue, isRecordValue, rollTotal, tidyNumber, toText, valueEquals, type Value } from './values.ts';
import { parseHexId } from './map.ts';
import { placeName } from './log-reading.ts';
import { gridHexLabel } from '../load/hex-label.ts';

/** The most numbers a range may hold when a script goes through it (80 MB as a list). */
export const MAX_RANGE_ITEMS = 10_000_000;

/** Piece ids whose location is `at` (an area id, zone key or hex id), in a stable order. */
export function piecesAt(rt: Runtime, at: string): EntityRef[] {
  const slots = rt.pieceIndex().at(at);
  const refs = rt.pieceRefs();
  const out: EntityRef[] = [];
  for (let i = 0; i < slots.length; i++) out.push(refs[slots[i]!]!);
  return out;
}

/** `piecesAt` for a reader that neither keeps nor changes the list (the source of a query or loop). */
export function piecesAtShared(rt: Runtime, at: string): readonly EntityRef[] {
  return rt.pieceIndex().refsAt(at, rt.pieceRefs());
}

/** Pieces in play (placed, not removed), in creation order. */
export function piecesInPlay(rt: Runtime): EntityRef[] {
  const out: EntityRef[] = [];
  const states = rt.pieceStates();
  const refs = rt.pieceRefs();
  for (let i = 0; i < states.length; i++) {
    const at = states[i]!.at;
    if (at !== null && at !== '@out') out.push(refs[i]!);
  }
  return out;
}

/**
 * `piecesInPlay` for a reader that neither keeps nor changes the list (the source of a query or
 * loop): one list until a piece moves, since the index sees every move (piece-index.ts).
 */
export function piecesInPlayShared(rt: Runtime): readonly EntityRef[] {
  const ix = rt.pieceIndex();
  return (ix.inPlay ??= piecesInPlay(rt));
}

/** Pieces in the box (not placed yet), in creation order, that `keep` accepts. */
export function piecesUnplaced(rt: Runtime, keep: (p: PieceState) => boolean): EntityRef[] {
  const slots = rt.pieceIndex().at(null);
  const states = rt.pieceStates();
  const refs = rt.pieceRefs();
  const out: EntityRef[] = [];
  for (let i = 0; i < slots.length; i++) if (keep(states[slots[i]!]!)) out.push(refs[slots[i]!]!);
  return out;
}

/** Where an entity that can hold pieces keeps them, as the location string pieces carry. */
export function locationKey(v: Value): string | undefined {
  if (v instanceof EntityRef && (v.kind === 'area' || v.kind === 'zone')) return v.id;
  if (v instanceof EntityRef && v.kind === 'hex') return `hex:${v.id}`;
  return undefined;
}

/** What `for each x in v` and queries iterate over. */
export function iterable(rt: Runtime, v: Value, at: SourceAt): Value[] {
  // Lists first: nearly every source is one (what itemsOf would return, charged the same).
  if (Array.isArray(v)) {
    charge(rt, v.length, at);
    return v;
  }
  // A range is sized, then charged, before it is built: `1..1000000000000` must stop with a clear
  // error, not fill memory; the size limit holds even for a host that raises the step budget.
  if (v instanceof RangeValue && Number.isFinite(v.to)) {
    tooLarge(v, at);
    charge(rt, Math.max(0, Math.floor(v.to - v.from) + 1), at);
  }
  const items = itemsOf(rt, v, at);
  if (!(v instanceof RangeValue)) charge(rt, items.length, at);
  return items;
}

function tooLarge(v: RangeValue, at: SourceAt): void {
  if (v.to - v.from + 1 > MAX_RANGE_ITEMS) {
    throw new RuleError('range-too-large', `The range ${v} holds more than ${MAX_RANGE_ITEMS.toLocaleString('en')} numbers to go through.`, at, 'Go through a smaller range, or count with arithmetic instead of a loop.');
  }
}

function itemsOf(rt: Runtime, v: Value, at: SourceAt): Value[] {
  if (Array.isArray(v)) return v;
  if (v === null) return [];
  if (v instanceof RangeValue) {
    if (!Number.isFinite(v.to)) throw new RuleError('unbounded-range', `Cannot go through the open range ${v}.`, at);
    // Gone through as a list: a shared ruleset's `1..1000000000000` would take memory until the
    // page or process dies, long before the step budget (which counts statements) could stop it.
    tooLarge(v, at);
    const out: number[] = [];
    for (let i = v.from; i <= v.to; i++) out.push(i);
    return out;
  }
  if (v instanceof EntityRef) {
    if (v.kind === 'deck') return (rt.state.decks[v.id]?.draw ?? []).map((c) => rt.ref('card', c));
    // A zone holds cards (listed in order in state.zones) and pieces (located there by `at`).
    if (v.kind === 'zone') return [...(rt.state.zones[v.id] ?? []).filter((id) => rt.state.cards[id]).map((id) => rt.ref('card', id)), ...piecesAt(rt, v.id)];
    const key = locationKey(v);
    if (key) return piecesAt(rt, key);
  }
  if (isRecordValue(v)) return Object.keys(v).map((k) => v[k]!);
  throw new RuleError('not-a-collection', `${toText(v)} is not a list or a collection.`, at, 'Use a list, a range, a deck, a zone or an area.');
}

export function contains(rt: Runtime, coll: Value, x: Value, at: SourceAt): boolean {
  // A roll is its total (`2d6 in 2..4`), as `==` and arithmetic read it.
  if (coll instanceof RangeValue) { const v = rollTotal(x); return typeof v === 'number' && coll.has(tidyNumber(v)); }
  const items = iterable(rt, coll, at);
  for (let i = 0; i < items.length; i++) if (valueEquals(items[i]!, x)) return true;
  return false;
}

/** Each piece slot's last label, with the type it was made for (a flip changes it). */
/** A hex's option label by id, per program (options are labelled at every question of every copy). */
const hexLabels = programMemo(() => new Map<string, string>());

const pieceLabels = programMemo((): Array<{ type: string; label: string } | undefined> => []);

/** How a value is shown to people: names rather than ids where there are names. */
export function labelOf(rt: Runtime, v: Value): string {
  if (v instanceof EntityRef) {
    switch (v.kind) {
      case 'piece': {
        rt.noteSecret(v.id);
        const p = v.slot >= 0 ? rt.pieceStates()[v.slot] : rt.state.pieces[v.id];
        if (p === undefined) return `${v.id} (${v.id})`;
        // A label depends only on the piece and its type: made once per program (options are labelled at every question).
        const known = v.slot >= 0 ? pieceLabels(rt.program)[v.slot] : undefined;
        if (known !== undefined && known.type === p.type) return known.label;
        const label = pieceLabelIn(rt.program, p.type, v.id);
        if (v.slot >= 0) pieceLabels(rt.program)[v.slot] = { type: p.type, label };
        return label;
      }
      case 'card': {
        const c = rt.state.cards[v.id];
        const cards = c ? rt.def('decks', c.deck)?.cards : undefined;
        const def = Array.isArray(cards) ? cards.find((x) => isRecord(x) && x.id === c!.def) : undefined;
        return isRecord(def) && typeof def.name === 'string' ? def.name : c?.def ?? v.id;
      }
      case 'area': {
        return rt.program.defs.areas.get(v.id)?.name ?? v.id;
      }
      case 'player': return rt.state.players.find((p) => p.id === v.id)?.name ?? v.id;
      case 'hex': {
        // As the board prints it (`hex 0704`), not the id (`7,4`): options, and log lines of choices.
        const labels = hexLabels(rt.program);
        let label = labels.get(v.id);
        if (label === undefined) {
          const h = parseHexId(v.id);
          labels.set(v.id, (label = h ? `hex ${gridHexLabel(rt.program.data.map?.grid?.label, h.col, h.row)}` : v.id));
        }
        return label;
      }
      // A zone as a line names it: `Reserve (Red)` for a side's or player's own.
      case 'zone': return placeName(rt.program, rt.state.players, v.id);
      default: {
        const section = v.kind === 'side' ? 'sides' : v.kind === 'deck' ? 'decks' : v.kind === 'table' ? 'tables' : v.kind === 'piece-type' ? 'pieces' : undefined;
        const def = section ? rt.def(section, v.id.split('@')[0]!) : undefined;
        return typeof def?.name === 'string' ? def.name : v.id;
      }
    }
  }
  // A record that carries its own `label` text is shown by it: an option a player reads
  // (`{ facing: 1, label: "Toward the enemy border" }`) rather than its fields.
  if (isRecordValue(v) && typeof v.label === 'string') return v.label;
  return toText(v);
}
