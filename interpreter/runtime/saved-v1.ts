/**
 * Saved games written before log entries kept their own parts (SavedGame version 1): their log
 * had a side list of secrets by entry number, and text parts were spans `{ text, pieces, shown }`.
 * Both read back as they were, so games saved by older versions still resume.
 */
import type { LogEntry } from './log.ts';
import type { LineSecret } from './secrets.ts';
import type { SecretPart } from './values.ts';

/** A version-1 span. */
interface OldSpan {
  text: string;
  pieces: string[];
  shown: 'id' | 'label' | { text: string };
}

/** A version-1 log secret. */
interface OldSecret {
  sides: Record<string, string | null>;
  parts?: Array<string | OldSpan>;
  data?: unknown;
  everyone?: boolean;
}

/** A version-1 span as a part (spans naming a piece always named one). */
function part(p: string | OldSpan): string | SecretPart {
  if (typeof p === 'string' || p === null || typeof p !== 'object' || !Array.isArray(p.pieces)) return p as unknown as string | SecretPart;
  if (typeof p.shown === 'string' && p.pieces.length === 1) return { piece: p.pieces[0]!, as: p.shown, text: p.text };
  return { text: p.text, reads: [...p.pieces], shown: typeof p.shown === 'object' ? p.shown.text : 'hidden piece' };
}

/** Stored text values (`{ $text: spans }`) anywhere in `x` with their spans as parts, in place. */
export function upgradeTexts(x: unknown): void {
  if (x === null || typeof x !== 'object') return;
  if (Array.isArray(x)) {
    x.forEach(upgradeTexts);
    return;
  }
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (k === '$text' && Array.isArray(o.$text)) o.$text = o.$text.map(part);
    else if (k === 'promptParts' && Array.isArray(o.promptParts)) o.promptParts = o.promptParts.map(part);
    else upgradeTexts(o[k]);
  }
}

/** A version-1 log (entries and their secrets by entry number) as entries that keep their own. */
export function upgradeLog(entries: LogEntry[], secrets: Array<[number, OldSecret]>): LogEntry[] {
  const out = entries.map((e) => ({ ...e }));
  for (const [n, old] of secrets) {
    const e = out[n];
    if (!e) continue;
    const secret: LineSecret = { pieces: { ...old.sides } };
    if ('data' in old) secret.data = old.data;
    if (old.everyone) secret.everyone = true;
    e.secret = secret;
    if (old.parts) e.parts = old.parts.map(part);
  }
  return out;
}
