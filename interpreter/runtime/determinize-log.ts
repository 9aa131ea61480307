/**
 * The log of a determinized copy, told from the copy's state. What the seat could not read when a
 * line was written is written again from the copy: a piece hidden from it, by the copy's piece (its
 * swapped type and props); a card face down to it, by the copy's face; the last change of a private
 * value not the seat's, by the copy's redrawn value; another seat's answer to a secret choice still
 * being asked, by the copy's redrawn answer. What the seat could read stays as it was. So the
 * seat's view of the copy's log equals its view of the real log when the views redact every line,
 * and a line that leaked would read differently (the non-interference test).
 */
import type { Game } from './game.ts';
import type { LogEntry } from './log.ts';
import { plainText } from './secrets.ts';
import type { PlayerState } from './state.ts';
import { toText, valueEquals, type MarkedText, type SecretPart, type Value } from './values.ts';
import { concealedIn } from './views.ts';
import { inAudience } from './visibility.ts';

/** Rewrite `copy`'s log (a fork of `game` whose secrets `me` may not see were drawn again); returns how many entries changed. */
export function retellLog(game: Game, copy: Game, me: PlayerState | undefined): number {
  const entries = copy.rt.entries;
  let changed = retellAnswers(copy, me?.id ?? null);
  // Private values not the seat's: only their last change tells the value now.
  const lastChange = new Map<string, number>();
  entries.forEach((e, i) => {
    const key = valueKey(e);
    if (key !== undefined) lastChange.set(key, i);
  });
  for (let i = 0; i < entries.length; i++) {
    let e = entries[i]!;
    if (e.parts && e.secret) e = retellParts(game, copy, e, me);
    const key = valueKey(e);
    if (key !== undefined && lastChange.get(key) === i && !inAudience(e.visibleTo, me)) e = retellValue(copy, e);
    if (e !== entries[i]) {
      entries[i] = e;
      changed++;
    }
  }
  return changed;
}

/** The parts the seat could not read when the line was written, told by the copy's pieces and cards. */
function retellParts(game: Game, copy: Game, e: LogEntry, me: PlayerState | undefined): LogEntry {
  const concealed = concealedIn(game, e.secret!, me);
  if (concealed.size === 0) return e;
  const rt = copy.rt;
  let changed = false;
  const parts: MarkedText = e.parts!.map((p): string | SecretPart => {
    if (typeof p === 'string') return p;
    let text = p.text;
    if ('card' in p && concealed.has(p.card)) text = rt.label(rt.ref('card', p.card));
    else if ('piece' in p && p.as === 'label' && concealed.has(p.piece)) text = rt.label(rt.ref('piece', p.piece));
    // A value computed from hidden pieces' secrets cannot be computed again: it keeps its text.
    if (text === p.text) return p;
    changed = true;
    return { ...p, text };
  });
  return changed ? { ...e, parts, text: plainText(parts) } : e;
}

/** `track:id:owner` or `variable:id:owner` for a line that changed a track or variable. */
function valueKey(e: LogEntry): string | undefined {
  const d = e.data as { track?: unknown; variable?: unknown; owner?: unknown } | undefined;
  if (e.kind !== 'change' || d === null || typeof d !== 'object') return undefined;
  if (typeof d.track === 'string') return `track:${d.track}:${String(d.owner)}`;
  if (typeof d.variable === 'string') return `variable:${d.variable}:${String(d.owner)}`;
  return undefined;
}

/** A track's or variable's last change, ending with the copy's value. */
function retellValue(copy: Game, e: LogEntry): LogEntry {
  // A line naming a hidden piece as the owner keeps its parts as written (they render the text).
  if (e.parts) return e;
  const d = e.data as { track?: string; variable?: string; owner: string | null; to?: unknown };
  const owner = d.owner ?? null;
  if (d.track !== undefined) {
    const now = copy.rt.getTrack(d.track, owner);
    const arrow = e.text.lastIndexOf(' → ');
    if (now === d.to || arrow < 0) return e;
    return { ...e, text: `${e.text.slice(0, arrow)} → ${toText(now)}`, data: { ...d, to: now } };
  }
  const value = copy.rt.getVar(d.variable!, owner);
  const now = Array.isArray(value) && value.length === 0 ? '[]' : toText(value);
  const eq = e.text.indexOf(' = ');
  if (eq < 0 || e.text.slice(eq + 3) === now) return e;
  return { ...e, text: `${e.text.slice(0, eq)} = ${now}` };
}

/** What `determinize` keeps beside each answer to a simultaneous secret choice (Code.secretAnswers). */
interface Asked {
  player: string;
  kind: string;
  options: Value[];
}

/**
 * Other seats' answers to a simultaneous secret choice still being asked (drawn again in the copy):
 * each one's line (the last decision line for that player alone) says the copy's answer.
 */
function retellAnswers(copy: Game, seat: string | null): number {
  const { entries, stack } = copy.rt;
  let changed = 0;
  for (const frame of stack) {
    for (const slot of frame.code?.secretAnswers ?? []) {
      const list = frame.slots[slot];
      if (!Array.isArray(list)) continue;
      for (const answer of list as Value[][]) {
        const asked = answer[2] as Asked | null | undefined;
        if (!asked || asked.player === seat) continue;
        let i = entries.length - 1;
        while (i >= 0 && !(entries[i]!.kind === 'decision' && entries[i]!.visibleTo === asked.player)) i--;
        const e = entries[i];
        // A line that names hidden pieces among its options keeps its parts and their order as written.
        if (!e || e.parts || e.secret) continue;
        const told = answerLine(copy, e, asked, answer[1] ?? null);
        if (told !== e) {
          entries[i] = told;
          changed++;
        }
      }
    }
  }
  return changed;
}

/** A decision line (`Name: prompt → answer`) ending with `value` as the answer. */
function answerLine(copy: Game, e: LogEntry, asked: Asked, value: Value): LogEntry {
  const arrow = e.text.lastIndexOf(' → ');
  if (arrow < 0) return e;
  const index = (v: Value): number => asked.options.findIndex((o) => valueEquals(o, v));
  const chosen = Array.isArray(value) && asked.kind === 'several' ? value : [value];
  const said = asked.kind === 'number' ? String(value) : chosen.map((v) => copy.rt.label(v)).join(', ') || 'nothing';
  const text = `${e.text.slice(0, arrow)} → ${said}`;
  if (text === e.text) return e;
  const answer = asked.kind === 'number' ? value : asked.kind === 'one' ? index(value) : chosen.map(index);
  return { ...e, text, data: { answer } };
}
