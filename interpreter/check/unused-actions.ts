import type { CheckContext } from './context.ts';
import { codeList, entries, isRecord } from './context.ts';
import { walkPhases } from './symbols.ts';

/**
 * An action is offered only by the menu of a phase (or step) whose `actions.allowed` names it
 * (compile/flow.ts): one that no phase names can never be taken. Said like the other
 * `unused-definition`s, in playable rulesets only (checkUnused's caller sees to that).
 */
export function checkUnusedActions(ctx: CheckContext): void {
  const d = ctx.model.data;
  const allowed = new Set<string>();
  const menus: string[] = [];
  let unreadable = false;
  walkPhases(d.flow?.phases, ['flow', 'phases'], (id, _path, phase) => {
    if (!isRecord(phase.actions)) return;
    menus.push(id);
    if (!Array.isArray(phase.actions.allowed)) unreadable = true;
    else for (const a of phase.actions.allowed) if (typeof a === 'string') allowed.add(a);
  });
  // A list the checker cannot read (the schema reports it) might name any action.
  if (unreadable) return;
  for (const [id] of entries(d.actions)) {
    if (allowed.has(id)) continue;
    ctx.atKey(['actions', id], {
      severity: 'warning',
      code: 'unused-definition',
      message: `The action \`${id}\` is never allowed in any phase: no phase's \`actions.allowed\` names it, so no player can take it.`,
      hint: menus.length > 0
        ? `Add it to the \`allowed:\` list of the phase where it may be taken (phases with actions: ${codeList(menus, 6)}), or remove it if it is left over.`
        : `Give the phase where it may be taken an action menu (\`actions: { points: 1, allowed: [${id}] }\`), or remove it if it is left over.`,
    });
  }
}
