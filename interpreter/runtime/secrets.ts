/**
 * Text that tells about hidden pieces. The runtime writes the referee's full text, and keeps the
 * stretches that name a piece hidden at the time, or say something read from its type or props,
 * as spans: views.ts shows a seat a piece is hidden from a stand-in for each such span.
 */
import type { Frame, Eval } from './frame.ts';
import type { Runtime } from './runtime.ts';
import type { PlayerState } from './state.ts';
import { EntityRef, isRecordValue, MarkedString, toText, type MarkedText, type SecretSpan, type StandIn, type Value } from './values.ts';

export type { MarkedText, SecretSpan, StandIn };

/** Data views show instead of a line's own: to the seats some of `pieces` are hidden from, or (`everyone`) to every seat. */
export interface SecretData {
  data: unknown;
  pieces: string[];
  everyone?: boolean;
}

/** What views need to redact one log line (kept beside the referee's log, by entry number). */
export interface LineSecret {
  /** The pieces hidden when the line was written, with their side (null: none). */
  sides: Record<string, string | null>;
  /** The text with its secret spans, when it has any. */
  parts?: MarkedText;
  /** Data for seats some of those pieces are hidden from (or every seat: `everyone`), when not the line's own. */
  data?: unknown;
  everyone?: boolean;
}

/** A hidden piece shows as `hidden piece (alias)`: no type, no name. */
export const hiddenLabel = (alias: string): string => `hidden piece (${alias})`;

const isHidden = (rt: Runtime, id: string): boolean => rt.state.pieces[id]?.hidden === true;

/** The side a piece belongs to: its type's, else its owner's. */
export function pieceSide(rt: Runtime, id: string): string | null {
  const p = rt.state.pieces[id];
  if (!p) return null;
  const side = rt.def('pieces', p.type)?.side;
  if (typeof side === 'string') return side;
  return rt.state.players.find((x) => x.id === p.owner)?.side ?? null;
}

/** Whether a hidden piece of `side` is hidden from `viewer` (undefined: a spectator, who sees no hidden piece). */
export function hiddenFrom(side: string | null, viewer: PlayerState | undefined): boolean {
  return !viewer || (side !== null && side !== viewer.side);
}

/** `text` as a span when some of `pieces` are hidden now, else plain. */
export function span(rt: Runtime, pieces: string[], text: string, shown: StandIn): string | SecretSpan {
  if (!rt.hiding) return text;
  const hidden = pieces.filter((id) => isHidden(rt, id));
  return hidden.length ? { text, pieces: hidden, shown } : text;
}

/** A piece named in a line, by its id or its label. */
export function pieceSpan(rt: Runtime, id: string, shown: 'id' | 'label', text?: string): string | SecretSpan {
  return span(rt, [id], text ?? (shown === 'id' ? id : rt.label(rt.ref('piece', id))), shown);
}

/** A value as text (as `toText` writes it), its hidden pieces and text written about them as spans. */
export function valueText(rt: Runtime, v: Value): MarkedText {
  if (!rt.hiding) return [toText(v)];
  if (v instanceof EntityRef && v.kind === 'piece') return [pieceSpan(rt, v.id, 'id')];
  if (v instanceof MarkedString) return [...v.parts];
  if (Array.isArray(v)) return v.flatMap((x, i) => (i ? [', ', ...valueText(rt, x)] : valueText(rt, x)));
  if (isRecordValue(v)) return ['{', ...Object.keys(v).flatMap((k, i) => [i ? `, ${k}: ` : `${k}: `, ...valueText(rt, v[k]!)]), '}'];
  return [toText(v)];
}

export const plainText = (t: MarkedText): string => t.map((p) => (typeof p === 'string' ? p : p.text)).join('');

const NOTHING_READ: string[] = [];

/**
 * Evaluate `fn` noting which hidden pieces' secrets it reads (type, name, props, id, label).
 * Windows nest and share one list, so an outer window also sees what inner ones read.
 */
export function watched<T>(rt: Runtime, fn: () => T): [T, string[]] {
  rt.watching++;
  const mark = rt.read.length;
  try {
    const value = fn();
    return [value, rt.read.length > mark ? rt.read.slice(mark) : NOTHING_READ];
  } finally {
    if (--rt.watching === 0) rt.read.length = 0;
  }
}

/** `"… {expr} …"`: the text, remembered with its spans when an interpolation told about a hidden piece. */
export function interpolate(f: Frame, parts: ReadonlyArray<string | Eval>): string | MarkedString {
  if (!f.rt.hiding) return parts.map((p) => (typeof p === 'string' ? p : toText(p(f)))).join('');
  const out: MarkedText = [];
  let secret = false;
  for (const p of parts) {
    if (typeof p === 'string') { out.push(p); continue; }
    const seg = segment(f.rt, ...watched(f.rt, () => p(f)));
    if (typeof seg === 'string') out.push(seg);
    else { out.push(...seg); secret = true; }
  }
  return secret ? new MarkedString(out) : out.join('');
}

/** Whether a value's text could name a hidden piece (checked before building its spans). */
const mayName = (rt: Runtime, v: Value): boolean =>
  v instanceof EntityRef ? v.kind === 'piece' : Array.isArray(v) || isRecordValue(v) || v instanceof MarkedString;

/** One interpolated value: plain text, or spans when it names hidden pieces or was computed from their secrets. */
function segment(rt: Runtime, v: Value, read: string[]): string | MarkedText {
  if (read.length === 0 && !mayName(rt, v)) return toText(v);
  const parts = valueText(rt, v);
  if (read.length === 0) return parts.every((p) => typeof p === 'string') ? parts.join('') : parts;
  const pieces = [...new Set([...read, ...parts.flatMap((p) => (typeof p === 'string' ? [] : p.pieces))])];
  const text = plainText(parts);
  const one = pieces.length === 1 ? pieces[0]! : undefined;
  const shown: StandIn = text === one ? 'id' : one !== undefined && text === rt.label(rt.ref('piece', one)) ? 'label' : { text: typeof v === 'string' || v instanceof MarkedString ? 'hidden piece' : '?' };
  return [{ text, pieces, shown }];
}

/** The secret of a line about to be logged, or undefined when it tells nothing about hidden pieces. */
export function lineSecret(rt: Runtime, text: MarkedText | undefined, data: unknown, extra?: SecretData): LineSecret | undefined {
  const ids = new Set<string>(extra?.pieces.filter((id) => isHidden(rt, id)));
  hiddenIdsIn(rt, data, ids);
  const parts = text?.map((p) => (typeof p === 'string' ? p : span(rt, p.pieces, p.text, p.shown)));
  for (const p of parts ?? []) if (typeof p !== 'string') p.pieces.forEach((id) => ids.add(id));
  if (ids.size === 0) return undefined;
  const secret: LineSecret = { sides: Object.fromEntries([...ids].map((id) => [id, pieceSide(rt, id)])) };
  if (parts?.some((p) => typeof p !== 'string')) secret.parts = parts;
  if (extra) Object.assign(secret, { data: extra.data }, extra.everyone ? { everyone: true } : {});
  return secret;
}

/** Strings in log data that are ids of hidden pieces. */
function hiddenIdsIn(rt: Runtime, data: unknown, into: Set<string>): void {
  if (typeof data === 'string') {
    if (isHidden(rt, data)) into.add(data);
  } else if (Array.isArray(data)) {
    for (const x of data) hiddenIdsIn(rt, x, into);
  } else if (data !== null && typeof data === 'object') {
    for (const x of Object.values(data)) hiddenIdsIn(rt, x, into);
  }
}
