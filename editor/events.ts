/**
 * Every event the editor's components dispatch, declared once: name → detail. Events bubble and
 * cross shadow roots; the app shell handles them.
 */
import type { SetupValue } from './components/game-setup/setup-value.ts';
import type { Selection } from './tables/odds.ts';
import type { Location } from './validator/protocol.ts';

export type ViewId = 'edit' | 'tables' | 'diff' | 'playtest' | 'scenarios' | 'simulate';

export interface RsEventDetails {
  /**
   * Open a file in the code editor, optionally selecting a range. `note` is shown with it (a
   * rulebook section); `beside` keeps the current view (a game) and opens the editor next to it;
   * `focus: false` leaves the keyboard focus where it is.
   */
  'rs-open-file': { path: string; range?: Location['range']; note?: string; beside?: boolean; focus?: boolean };
  'rs-select-game': { game: string };
  /** Make a ruleset (the base entry or a variant file) the active one. */
  'rs-select-ruleset': { entry: string };
  /** `start`: and start a new game there (Scenarios' "Playtest this scenario"). */
  'rs-select-view': { view: ViewId; start?: boolean };
  /** The text of a file changed in the code editor. */
  'rs-file-change': { path: string; text: string };
  /** Create a variant of the current game with this display name. */
  'rs-new-variant': { name: string };
  /** Create a game of one's own from a template (its id), with this name. */
  'rs-new-game': { name: string; template: string };
  /** A variant file picked from disk. */
  'rs-import-variant': { name: string; text: string };
  'rs-revert-file': { path: string };
  'rs-delete-file': { path: string };
  'rs-download-file': { path: string };
  'rs-share-file': { path: string };
  /** Rename a variant (its `name:`; the host asks for the new name). */
  'rs-rename-file': { path: string };
  /** A notice was closed (the base-file notice: keep editing the base). */
  'rs-dismiss-notice': Record<string, never>;
  /** Odds of worked out an expression (or its answer went): each row's weight per table it reads. */
  'rs-odds-rows': { expression: string; rows: Record<string, { weights: Record<string, number>; total: number }> } | null;
  /** A row, column or cell of a table grid was selected (or the selection cleared). */
  'rs-table-select': { selection: Selection | undefined };
  /** A table cell's new value was typed in the tables view (`path`: the cell's data path). */
  'rs-cell-edit': { path: Array<string | number>; text: string; row: number; column: number };
  /** A table row's new band was typed in the tables view (`path`: the row's data path). */
  'rs-row-edit': { path: Array<string | number>; text: string; row: number };
  /** The pointer or the focus is on an option of the pending question (its index), or left them (null): its preview is shown. */
  'rs-preview-option': { option: number | null };
  /** An option of the pending question was chosen on the board (its index). */
  'rs-board-pick': { option: number };
  /** Scenario editor: a piece was put on a place (area id, `hex:c,r` or zone key). */
  'rs-board-drop': { piece: string; to: string };
  /** Scenario editor: a piece on a hex was turned to this facing (0–5). */
  'rs-board-rotate': { piece: string; facing: number };
  /** The answer to the pending question: an option index, a list of them, or a number. */
  'rs-answer': { answer: number | number[] };
  /** A choice in a game's setup form changed. */
  'rs-setup-change': { value: SetupValue };
  /** Create a scenario (a variant with a starting situation) of the current game. */
  'rs-new-scenario': { name: string };
}

export type RsEventName = keyof RsEventDetails;
export type RsEvent<K extends RsEventName> = CustomEvent<RsEventDetails[K]>;

/** Dispatch a typed editor event from `target`. */
export function emit<K extends RsEventName>(target: EventTarget, name: K, detail: RsEventDetails[K]): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

type RsEventMap = { [K in RsEventName]: RsEvent<K> };

declare global {
  // Typed `addEventListener('rs-…', e => e.detail…)` on every element.
  interface HTMLElementEventMap extends RsEventMap {}
}
