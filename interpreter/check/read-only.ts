import type { Expr, Span } from '../../grammar/index.ts';
import type { Report } from './context.ts';

/** Built-ins that act on the game or its generator: an invariant that used them would change the game it checks. */
export const ACTING_BUILTINS: ReadonlySet<string> = new Set(['resolve', 'shuffled']);

/** What each expression kind that acts (rolls, draws, asks) is called in a diagnostic. */
export const ACTING_KINDS: Readonly<Record<string, string>> = {
  dice: 'rolls dice',
  'roll-on': 'rolls on a table',
  draw: 'draws cards',
  choose: 'asks a player to choose',
};

/**
 * Where a read-only expression (an invariant) could change the game: dice, table rolls, draws,
 * choices, procedure calls (a procedure may move pieces or roll), `resolve` and `shuffled`.
 * An invariant is checked after every decision only when asked (simulate --check-invariants), so
 * it must not act: a checked and an unchecked run must play the same game.
 */
export function actingParts(root: Expr, builtins: ReadonlySet<string>): Array<{ span: Span; report: Report }> {
  const out: Array<{ span: Span; report: Report }> = [];
  const hint = 'An invariant only reads the state: compare counts, sums and tracks (`count`, `sum … for`, `all … where`), without dice, draws, choices or procedure calls.';
  // Children are reached through every property holding nodes, so new expression forms are walked too.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) { stack.push(...node); continue; }
    if (!node || typeof node !== 'object') continue;
    const n = node as { kind?: unknown; span?: Span; callee?: string; calleeSpan?: Span };
    if (typeof n.kind === 'string' && n.span) {
      const acts = ACTING_KINDS[n.kind];
      if (acts) out.push({ span: n.span, report: { code: 'invariant-side-effect', message: `An invariant must not change the game, but this ${acts}.`, hint } });
      if (n.kind === 'call' && n.callee !== undefined && (ACTING_BUILTINS.has(n.callee) || !builtins.has(n.callee))) {
        const what = builtins.has(n.callee) ? `\`${n.callee}\` acts on the game` : `calls procedure \`${n.callee}\`, which may change the game`;
        out.push({ span: n.calleeSpan ?? n.span, report: { code: 'invariant-side-effect', message: `An invariant must not change the game, but this ${what}.`, hint } });
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'span' && key !== 'calleeSpan' && value && typeof value === 'object') stack.push(value);
  }
  return out;
}
