import type { CheckContext } from './context.ts';
import type { SymbolTable } from './symbols.ts';
import { checkUnusedActions } from './unused-actions.ts';

/** Kinds whose definitions should be used by some script once the ruleset has a flow. */
const REPORTED = new Set(['table', 'deck', 'die', 'procedure', 'track', 'variable', 'zone']);

/**
 * Unused definitions are warnings, and only for playable rulesets (those with a `flow`): a
 * data-only ruleset, like one still being transcribed from a rulebook, uses nothing yet.
 * Names referenced from data (table rolls, links) count as used through the data checks.
 * Actions are used by the phases whose `allowed:` lists name them (unused-actions.ts).
 */
export function checkUnused(ctx: CheckContext, symbols: SymbolTable): void {
  if (!ctx.model.data.flow) return;
  // A die named in a table's `roll:` is used by that table.
  for (const table of Object.values(ctx.model.data.tables ?? {})) {
    const m = typeof table.roll === 'string' ? /d\[([a-z][a-z0-9_]*)\]/.exec(table.roll) : null;
    if (m) symbols.used.add(m[1]!);
  }
  for (const sym of symbols.globals.values()) {
    if (!REPORTED.has(sym.kind) || symbols.used.has(sym.name)) continue;
    ctx.atKey(sym.path, {
      severity: 'warning',
      code: 'unused-definition',
      message: `The ${sym.kind} \`${sym.name}\` is never used by any script.`,
      hint: 'Use it in a script, or remove it if it is left over.',
    });
  }
  // Actions are used by phases, not scripts: one no phase allows is never taken.
  checkUnusedActions(ctx);
}
