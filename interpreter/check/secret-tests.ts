import type { Expr, Span } from '../../grammar/index.ts';
import { entries, isRecord, type CheckContext, type Report } from './context.ts';
import type { Ty } from './types.ts';

/**
 * A line a rule writes depending on a face-down piece's secret (`if u.strength >= 2 then log "A
 * strong unit marches" end`) is text every seat reads: the views redact what a line *says* about
 * hidden pieces (`{u.strength}` in its text), not which lines a test chose to write. The checker
 * cannot tell whether the piece is face down when the test runs, so it warns wherever a
 * condition reads what a face-down piece keeps secret and the branch it chooses writes a line.
 */

/** What a face-down piece shows no one who may not see it: its type, and all its type tells. */
const TYPE_MEMBERS = ['type', 'name', 'kind', 'label'];

const known = new WeakMap<object, ReadonlySet<string>>();

/**
 * The members of a piece that may be secret in this ruleset: none when no piece is ever face down;
 * else the type's own members and the props of every type that may be (a type declared `hidden:
 * true`, or every type when a script turns pieces face down by setting `hidden`).
 */
export function secretMembers(ctx: CheckContext): ReadonlySet<string> {
  const data = ctx.model.data as { pieces?: unknown };
  const cached = known.get(ctx.model);
  if (cached) return cached;
  const setsHidden = [...ctx.model.files.values()].some((f) => /\.hidden\s*=(?!=)/.test(f.text));
  const hiding = entries(data.pieces).filter(([, t]) => isRecord(t) && (t.hidden === true || setsHidden));
  const found = new Set(hiding.length === 0 ? [] : [...TYPE_MEMBERS, ...hiding.flatMap(([, t]) => (isRecord(t.props) ? Object.keys(t.props) : []))]);
  known.set(ctx.model, found);
  return found;
}

/** A condition's read of a piece's secret: where, its text, and the name it starts from. */
export interface SecretRead { span: Span; root: string | undefined }

/** `x.prop` read from a piece where `prop` may be secret (expressions.ts notes each one). */
export function secretRead(ctx: CheckContext, object: Ty, e: Expr & { kind: 'member' }, root: string | undefined): SecretRead | undefined {
  if (object.k !== 'entity' || object.e !== 'piece' || !secretMembers(ctx).has(e.property)) return undefined;
  return { span: e.span, root };
}

/**
 * The reads of `found` that a condition (reads made while it was checked) tests a line by. A
 * piece is taken to be face up where the condition also tests `x.hidden` of the same name, or
 * where the script revealed it before (`faceUp`: `reveal x`, also as `if x.hidden then reveal x end`).
 */
export function testedSecrets(found: readonly SecretRead[], condition: Expr, text: string, faceUp: ReadonlySet<string>): string[] {
  const inside = found.filter((r) => r.span.start >= condition.span.start && r.span.end <= condition.span.end);
  // Nearly every test and assignment reads no secret: no walk of its expression then.
  if (inside.length === 0) return [];
  const checked = new Set<string>(faceUp);
  const walk = (x: unknown): void => {
    if (!isRecord(x)) return;
    if (x.kind === 'member' && x.property === 'hidden' && isRecord(x.object) && x.object.kind === 'name') checked.add(x.object.name as string);
    for (const v of Object.values(x)) if (Array.isArray(v)) v.forEach(walk); else if (isRecord(v)) walk(v);
  };
  walk(condition);
  return inside.filter((r) => r.root === undefined || !checked.has(r.root)).map((r) => text.slice(r.span.start, r.span.end));
}

export function secretLineReport(reads: readonly string[]): Report {
  const what = reads.slice(0, 2).map((r) => `\`${r}\``).join(' and ');
  return {
    severity: 'warning',
    code: 'line-tells-secret',
    message: `Whether this line is written depends on ${what}, which other seats do not know while the piece is face down; every seat reads the line, so it tells them.`,
    hint: 'If the rules make it public, `reveal` the piece before the test; if not, write the line whatever the test finds, with the secret in braces (`log "{u} marches ({u.strength})"`), which each seat\'s view hides from those who may not see it.',
  };
}

/**
 * What an assignment sets, when every seat may read it: a track or variable declared (or left)
 * `visibility: public`, global or per owner (`u.mp_spent`). Undefined for anything else (a local,
 * a piece's own member such as `hidden`, a private value).
 */
export function publicTarget(ctx: CheckContext, t: Expr, text: string, isLocal: (name: string) => boolean): string | undefined {
  const data = ctx.model.data as { tracks?: unknown; variables?: unknown };
  const declared = (id: string): Record<string, unknown> | undefined => {
    const d = (isRecord(data.variables) && data.variables[id]) || (isRecord(data.tracks) && data.tracks[id]);
    return isRecord(d) ? d : undefined;
  };
  const isPublic = (d: Record<string, unknown> | undefined) => d !== undefined && (d.visibility ?? 'public') === 'public';
  if (t.kind === 'name') return !isLocal(t.name) && isPublic(declared(t.name)) ? t.name : undefined;
  if (t.kind === 'member') {
    const d = declared(t.property);
    return d?.per !== undefined && isPublic(d) ? text.slice(t.span.start, t.span.end) : undefined;
  }
  return undefined;
}

export function secretValueReport(target: string, reads: readonly string[]): Report {
  const what = reads.slice(0, 2).map((r) => `\`${r}\``).join(' and ');
  return {
    severity: 'warning',
    code: 'value-tells-secret',
    message: `Every seat may read \`${target}\` (its \`visibility\` is public), and it is set from ${what}, which other seats do not know while the piece is face down.`,
    hint: 'Declare it `visibility: owner` (its owner sees it) or `hidden`, or set it from what every seat may know.',
  };
}
