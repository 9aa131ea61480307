/**
 * Checks of a `choose … preview e` clause: what it gives (places, or a record with `path`) and
 * that it never acts. A preview is worked out whenever the deciding seat looks at its question, so
 * a preview that rolled, drew or moved would make a game depend on who looked.
 */
import type { Expr, Span, Stmt } from '../../grammar/index.ts';
import type { Report } from './context.ts';
import { describe, type Ty } from './types.ts';
import { ACTING_BUILTINS, ACTING_KINDS } from './read-only.ts';

/** Statement kinds that change the game, as a diagnostic names them. */
const ACTING_STATEMENTS: Readonly<Record<string, string>> = {
  shuffle: 'shuffles a deck',
  discard: 'discards a card',
  put: 'puts a card back',
  remove: 'removes something',
  move: 'moves a piece',
  place: 'places pieces',
  flip: 'flips a piece',
  reveal: 'reveals something',
  'end-game': 'ends the game',
};

export const PREVIEW_PURE_HINT = 'A preview only reads the game: compute the places with `let` locals (e.g. `hex_neighbour`), without dice, draws, choices, moves or writes to tracks, variables or members.';

/** Whether a preview's value can be places (a list of hexes or areas) or a `{ path, end, facing }` record. */
export function previewTypeOk(t: Ty): boolean {
  if (t.k === 'any' || t.k === 'none') return true;
  if (t.k === 'list') return t.of.k === 'any' || t.of.k === 'none' || (t.of.k === 'entity' && (t.of.e === 'hex' || t.of.e === 'area'));
  if (t.k === 'record') return !t.fields || t.fields.has('path');
  return false;
}

export function previewTypeReport(t: Ty): Report {
  return {
    code: 'preview-not-places',
    message: `A preview gives the places an option leads to (a list of hexes or areas, or \`{ path: […], end: hex, facing: n }\`), but this is ${describe(t)}.`,
    hint: 'Return the hexes or areas the option passes through, in order: e.g. a procedure that builds the list with `append(path, h)`.',
  };
}

/**
 * Where a preview could change the game: acting expressions in it, and in every procedure it
 * calls (through their calls too), reported at the preview's call with what the procedure does.
 */
export function previewActingParts(root: Expr, builtins: ReadonlySet<string>, bodies: ReadonlyMap<string, { body: Stmt[]; params: string[] }>): Array<{ span: Span; report: Report }> {
  return actingPartsThrough(root, builtins, bodies).map(({ span, what }) => ({ span, report: { code: 'preview-side-effect', message: `A preview must not change the game, but this ${what}.`, hint: PREVIEW_PURE_HINT } }));
}

/**
 * Where an expression that must only read (a preview, an invariant) could change the game: its
 * acting parts, and its calls of procedures that act (through their calls too), each with what it
 * does in words. `bodies` are the procedures' parsed scripts and parameters.
 */
export function actingPartsThrough(root: Expr, builtins: ReadonlySet<string>, bodies: ReadonlyMap<string, { body: Stmt[]; params: string[] }>): Array<{ span: Span; what: string }> {
  const out: Array<{ span: Span; what: string }> = [];
  const verdicts = new Map<string, string | null>();
  /** What procedure `id` does that acts (null: nothing); cycles count as pure until shown otherwise. */
  const procedureActs = (id: string): string | null => {
    if (verdicts.has(id)) return verdicts.get(id)!;
    verdicts.set(id, null);
    const proc = bodies.get(id);
    const found = proc ? firstAct(proc.body, new Set(proc.params)) : null;
    verdicts.set(id, found);
    return found;
  };
  const callActs = (callee: string): string | null => {
    if (ACTING_BUILTINS.has(callee)) return `\`${callee}\` acts on the game`;
    if (builtins.has(callee)) return null;
    const inner = procedureActs(callee);
    return inner === null ? null : `calls procedure \`${callee}\`, which ${inner}`;
  };
  /** The first acting part of an expression, described. */
  const exprAct = (e: unknown, at: (span: Span, what: string) => void): void => {
    walk(e, (n) => {
      const acts = ACTING_KINDS[n.kind];
      if (acts) at(n.span, acts);
      else if (n.kind === 'call' && typeof n.callee === 'string') {
        const what = callActs(n.callee);
        if (what) at(n.calleeSpan ?? n.span, what);
      }
    });
  };
  /** What a procedure body does that acts: statements, writes to anything but its locals, acting expressions. */
  const firstAct = (body: Stmt[], locals: Set<string>): string | null => {
    let found: string | null = null;
    walk(body, (n) => {
      if (found) return;
      const stmt = ACTING_STATEMENTS[n.kind];
      if (stmt) found = stmt;
      else if (n.kind === 'let' || n.kind === 'for-each') locals.add(String(n.kind === 'let' ? n.name : n.binder));
      else if (n.kind === 'assign') {
        const target = n.target as { kind: string; name?: string } | undefined;
        if (target?.kind !== 'name' || !locals.has(String(target.name))) found = 'writes to the game';
      } else if (ACTING_KINDS[n.kind]) found = ACTING_KINDS[n.kind]!;
      else if (n.kind === 'call' && typeof n.callee === 'string') {
        const what = callActs(n.callee);
        if (what) found = what;
      }
    });
    return found;
  };
  exprAct(root, (span, what) => out.push({ span, what }));
  return out;
}


interface AnyNode { kind: string; span: Span; callee?: unknown; calleeSpan?: Span; [key: string]: unknown }

/** Every node under `root`, parents before children, in source order (so `let` comes before its uses). */
function walk(root: unknown, visit: (n: AnyNode) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) { for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]); continue; }
    if (!node || typeof node !== 'object') continue;
    const n = node as AnyNode;
    if (typeof n.kind === 'string' && n.span) visit(n);
    const children = Object.entries(n).filter(([key, value]) => key !== 'span' && key !== 'calleeSpan' && value && typeof value === 'object');
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]![1]);
  }
}

/** What an invariant must not do, as the checker reports it. */
export function invariantActingParts(root: Expr, builtins: ReadonlySet<string>, bodies: ReadonlyMap<string, { body: Stmt[]; params: string[] }>): Array<{ span: Span; report: Report }> {
  const hint = 'An invariant only reads the state: compare counts, sums and tracks (`count`, `sum … for`, `all … where`), and call only procedures that read, without dice, draws, choices, moves or writes.';
  return actingPartsThrough(root, builtins, bodies).map(({ span, what }) => ({ span, report: { code: 'invariant-side-effect', message: `An invariant must not change the game, but this ${what}.`, hint } }));
}

/**
 * Where an action parameter's `prompt` would act: it is worked out each time the question is put
 * (to a player, to a bot weighing its options), so asking must leave the game as it was.
 */
export function promptActingParts(root: Expr, builtins: ReadonlySet<string>, bodies: ReadonlyMap<string, { body: Stmt[]; params: string[] }>): Array<{ span: Span; report: Report }> {
  const hint = 'A prompt only says what is asked: read the state and the choices made before it (`{kind}`, `{size(hand.cards)}`); roll or draw in the action\'s `do`, and say the result with `log`.';
  return actingPartsThrough(root, builtins, bodies).map(({ span, what }) => ({ span, report: { code: 'prompt-side-effect', message: `A question's prompt must not change the game, but this ${what}.`, hint } }));
}
