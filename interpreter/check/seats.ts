import type { ChooseExpr } from '../../grammar/index.ts';
import { namesIn } from './conditional-spans.ts';
import type { CheckContext, Report } from './context.ts';
import type { ScriptSite } from './sites.ts';
import type { Ty } from './types.ts';
import { isRecord } from './context.ts';
import { walkPhases } from './symbols.ts';

/**
 * Phases where no seat is active: `by: all` is every seat at once, so the runtime makes none
 * active there (compile/flow.ts), and its steps that name no `by` of their own inherit that. Gives
 * for each such phase's path (`flow.phases.0`, `flow.phases.0.steps.1`) true.
 */
export function seatlessPhases(phases: unknown, path: ReadonlyArray<string | number> = ['flow', 'phases'], inherited = false, out = new Set<string>()): Set<string> {
  if (!Array.isArray(phases)) return out;
  phases.forEach((p, i) => {
    if (!isRecord(p)) return;
    const here = [...path, i];
    const none = typeof p.by === 'string' ? p.by === 'all' : inherited;
    if (none) out.add(here.join('.'));
    seatlessPhases(p.steps, [...here, 'steps'], none, out);
  });
  return out;
}

/**
 * `player` or `side` read where they are not the seat a designer means:
 * - `no-active-seat`: where no seat is active (`by: all`), or in the victory script, where they
 *   are whoever was active last: a designer's walk logged each player's score as
 *   `{player.name}: …` inside `for each p in players`, and every line named the same player;
 * - `when-before-by`: in the `when` of a `by: each player` (or `each side`) phase, asked once
 *   before the phase goes through the seats: a walk's "only players with a second worker place
 *   it" skipped everyone, or no one, by what Player 1 had.
 */
export function seatNameReport(name: 'player' | 'side', site: Pick<ScriptSite, 'noSeat' | 'lastSeat' | 'beforeEach'>): Report | undefined {
  if (site.lastSeat) {
    const each = name === 'player' ? '`for each p in players`, read `p`' : '`for each s in sides`, read `s`';
    return {
      severity: 'warning',
      code: 'no-active-seat',
      message: `\`${name}\` in the victory script is the ${name} that was active last, not one the script goes through or the winner.`,
      hint: `Name the ${name}: in ${each}; to name a winner, work it out (\`first ${name === 'player' ? 'p in players where …' : 's in sides where …'}\`).`,
    };
  }
  if (site.noSeat) {
    return {
      severity: 'warning',
      code: 'no-active-seat',
      message: `\`${name}\` is the active ${name}, and in a \`by: all\` phase no seat is active: here it is \`none\`.`,
      hint: name === 'player'
        ? 'Name the player: go through them with `for each p in players`, or give the phase a side (`by: <side>`, `by: each player`).'
        : 'Name the side: go through them with `for each s in sides`, or give the phase a side (`by: <side>`, `by: each side`).',
    };
  }
  if (site.beforeEach) {
    return {
      severity: 'warning',
      code: 'when-before-by',
      message: `A phase's \`when\` is asked once, before \`by: ${site.beforeEach}\` goes through the seats: \`${name}\` here is the ${name} active before the phase, not each one in turn.`,
      hint: 'To leave some seats out, give the phase a step with this `when` (its steps run for each seat: `steps: [{ id: …, when: "…", do: … }]`), or test it in `do`.',
    };
  }
  return undefined;
}

/** `no-active-seat`: a choice with no `by` where no seat is active goes to the first player. */
export function seatChoiceReport(): Report {
  return {
    severity: 'warning',
    code: 'no-active-seat',
    message: 'This choice names no chooser, and in a `by: all` phase no seat is active: the first player would answer it.',
    hint: 'Say who chooses: `… by p for each p in players` (each at once), or `by <player or side>`.',
  };
}

/** `no-active-seat`: an action phase under `by: all`, whose menus would all go to the first player. */
export function seatActionsReport(): Report {
  return {
    severity: 'warning',
    code: 'no-active-seat',
    message: 'An action phase needs a seat to act, and in a `by: all` phase none is active: the first player would get every menu.',
    hint: 'Give the phase who acts: `by: each player`, `by: each side` or `by: <side>`.',
  };
}

/** Action phases under `by: all` (`no-active-seat`). */
export function checkSeatlessActions(ctx: CheckContext): void {
  const flow = ctx.model.data.flow;
  if (!isRecord(flow)) return;
  const seatless = seatlessPhases(flow.phases);
  walkPhases(flow.phases, ['flow', 'phases'], (_id, path, phase) => {
    if (isRecord(phase.actions) && seatless.has(path.join('.'))) ctx.atKey([...path, 'actions'], seatActionsReport());
  });
}

/**
 * `one-chooser-for-each`: `choose … for each p in players` with no `by p`: one choice per player,
 * all answered by one seat (a walk's sealed bids: Player 1 bid for everyone, with no word). Only
 * when the choices go through players or sides: one seat choosing for each of its units is a rule.
 */
export function oneChooserReport(e: ChooseExpr, element: Ty, text: string): Report | undefined {
  const binder = e.each?.binder;
  if (binder === undefined || element.k !== 'entity' || (element.e !== 'player' && element.e !== 'side')) return undefined;
  if (e.by && namesIn(e.by).includes(binder)) return undefined;
  return {
    severity: 'warning',
    code: 'one-chooser-for-each',
    message: e.by === null
      ? `This asks once for each \`${binder}\`, but names no chooser: the active seat answers every one of them, not each \`${binder}\` their own.`
      : `This asks once for each \`${binder}\`, but \`by ${text.slice(e.by.span.start, e.by.span.end)}\` does not read \`${binder}\`: one seat answers every one of them.`,
    hint: `Let each answer for itself: \`… by ${binder} for each ${binder} in …\`.`,
    fix: withChooser(e, binder, text),
  };
}

/** The choice's text with `by <binder>` where the clause goes (after the options), or as its chooser. */
function withChooser(e: ChooseExpr, binder: string, text: string): string {
  const own = text.slice(e.span.start, e.span.end);
  const cut = (e.by ?? e.from).span;
  const [from, to] = e.by ? [cut.start - e.span.start, cut.end - e.span.start] : [cut.end - e.span.start, cut.end - e.span.start];
  return `${own.slice(0, from)}${e.by ? binder : ` by ${binder}`}${own.slice(to)}`;
}
