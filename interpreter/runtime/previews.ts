/**
 * What each option of the pending question would lead to, by the question's `preview` clause
 * (`choose one of xs by p preview path(a, option)`): places for the deciding seat's board.
 *
 * Worked out on a fork of the game, never on the game itself: a preview costs steps and may read
 * through procedures, and the game must play the same whether or not anyone looked (the checker
 * also refuses previews that act, see check/preview.ts).
 */
import type { DecisionRequest } from './decisions.ts';
import { RuleError } from './errors.ts';
import type { Frame } from './frame.ts';
import type { Game } from './game.ts';
import { pathKey } from './program.ts';
import { EntityRef, isRecordValue, toNumber, toText, type Value } from './values.ts';

/**
 * One option's preview: the places it passes through in order (`path`, the end included), where
 * it ends (`end`, null when it leads off the map or nowhere) and the facing there (hex maps), with
 * the end's label for text hosts. Places are written as a piece's `at` is: an area's id, `hex:c,r`.
 * A record's `note` (text) is shown beside the option: what a code-like label means (`right, speed 3`).
 */
export interface ChoicePreview {
  path: string[];
  end: string | null;
  endLabel: string | null;
  facing: number | null;
  note?: string;
}

/**
 * The previews of the pending question's options, in the request's option order (null for an
 * option whose preview is `none` or fails); null when the question has no `preview` clause.
 */
export function previewsOf(game: Game, req: DecisionRequest | null = game.pending): Array<ChoicePreview | null> | null {
  if (!req || req.kind === 'number' || game.pending !== req) return null;
  const top = game.rt.stack[game.rt.stack.length - 1];
  const compiled = top?.code?.previews?.get(req.at.span.start);
  if (!top || !compiled || top.code!.key !== pathKey(req.at.path)) return null;
  const copy = game.fork();
  const rt = copy.rt;
  const base = rt.stack[rt.stack.length - 1]!;
  rt.steps = 0;
  rt.quiet++;
  try {
    return req.options.map((option) => {
      const frame: Frame = { ...base, slots: base.slots.slice() };
      frame.slots[compiled.optionSlot] = option;
      try {
        return toPreview(copy, rt.reading(() => compiled.eval(frame)), req);
      } catch (e) {
        // A preview that fails leaves its option without one; the question still stands.
        if (e instanceof RuleError) return null;
        throw e;
      }
    });
  } finally {
    rt.quiet--;
  }
}

const isPlace = (v: Value): v is EntityRef => v instanceof EntityRef && (v.kind === 'hex' || v.kind === 'area');

/** A preview's value as data: places (a list), or `{ path, end, facing }`; anything else is none. */
function toPreview(game: Game, v: Value, req: DecisionRequest): ChoicePreview | null {
  const list = Array.isArray(v) ? v : isRecordValue(v) && Array.isArray(v.path) ? v.path : null;
  if (list === null) return null;
  const path = list.filter(isPlace);
  let end: EntityRef | null = path[path.length - 1] ?? null;
  let facing: number | null = null;
  if (isRecordValue(v)) {
    // `end: none` says the option leads nowhere (off the map); no `end` means the path's last place.
    if (Object.hasOwn(v, 'end')) end = isPlace(v.end ?? null) ? (v.end as EntityRef) : null;
    facing = toNumber(v.facing ?? null) ?? null;
  }
  // No place and no `end: none` said: nothing to show. With `end: none` it leaves the map at once.
  if (path.length === 0 && end === null && !(isRecordValue(v) && Object.hasOwn(v, 'end'))) return null;
  const preview: ChoicePreview = { path: path.map(placeKey), end: end ? placeKey(end) : null, endLabel: end ? placeLabel(game, end, req) : null, facing };
  if (isRecordValue(v) && typeof v.note === 'string' && v.note !== '') preview.note = v.note;
  return preview;
}

const placeKey = (p: EntityRef): string => (p.kind === 'hex' ? `hex:${p.id}` : p.id);

/** A hex by its grid label (`0712`), an area by its name. */
function placeLabel(game: Game, place: EntityRef, req: DecisionRequest): string {
  return place.kind === 'hex' ? toText(game.rt.member(place, 'label', req.at)) : game.rt.label(place);
}
