/**
 * The pieces of one game by location, so `pieces_in(a)`, `a.pieces`, `for each u in zone` and
 * `place n of type` read one short list instead of scanning every piece.
 *
 * The invariant (docs/runtime.md, "Performance"): while the runtime runs rules (inside
 * `Runtime.drive`, the only way compiled rules run for a host), the index is exact: every move,
 * removal or draw the runtime makes files the piece under its new place (`moved`). Hosts and tests
 * may edit `state.pieces[id].at` between calls, so the index is checked against the state — one
 * pass comparing each piece's `at` with the place it is filed under — on first use after control
 * enters the runtime from outside, and on every use by a host calling the runtime directly (not
 * inside `drive`). A host that swaps the whole `state.pieces` record gets it rebuilt (by identity).
 */
import { ownPiece } from './persist.ts';
import type { Program } from './program.ts';
import type { GameState, PieceState } from './state.ts';
import type { EntityRef } from './values.ts';

/** A location as the index keys it: `null` (the box) and '@out' are places like any other. */
type Place = string | null;

export class PieceIndex {
  /** The place each slot is filed under (what its `at` was when last filed). */
  private readonly filed: Place[] = [];
  /** Slots by place, ascending (creation order), so lists come out in the order a scan gives. */
  private readonly byPlace = new Map<Place, number[]>();
  /** The pieces in play as readers that keep nothing share them (collections.ts); dropped when a piece moves. */
  inPlay: readonly EntityRef[] | null = null;
  /** Each place's pieces as such readers share them (`refsAt`); a place's list is dropped when a piece leaves or enters it. */
  private readonly sharedAt = new Map<Place, readonly EntityRef[]>();

  constructor(private readonly states: readonly PieceState[]) {
    for (let i = 0; i < states.length; i++) {
      const at = states[i]!.at;
      this.filed.push(at);
      const list = this.byPlace.get(at);
      if (list) list.push(i);
      else this.byPlace.set(at, [i]);
    }
  }

  /** Whether this index was built over `states` (the Runtime's list for its current pieces record). */
  covers(states: readonly PieceState[]): boolean {
    return this.states === states;
  }

  /** Refile every piece whose `at` differs from where it is filed (a host moved it). */
  check(): void {
    const states = this.states;
    const filed = this.filed;
    for (let i = 0; i < states.length; i++) {
      const at = states[i]!.at;
      if (at !== filed[i]) this.moved(i, at);
    }
  }

  /** File slot `slot` under `to` (its new `at`). */
  moved(slot: number, to: Place): void {
    const from = this.filed[slot]!;
    if (from === to) return;
    this.inPlay = null;
    this.sharedAt.delete(from);
    this.sharedAt.delete(to);
    const old = this.byPlace.get(from)!;
    old.splice(old.indexOf(slot), 1);
    this.filed[slot] = to;
    const list = this.byPlace.get(to);
    if (!list) { this.byPlace.set(to, [slot]); return; }
    // Insert in order; lists are short, and a piece usually lands after the ones already there.
    let i = list.length;
    while (i > 0 && list[i - 1]! > slot) i--;
    list.splice(i, 0, slot);
  }

  /** The slots at `place`, ascending. Read only: the list changes as pieces move. */
  at(place: Place): readonly number[] {
    return this.byPlace.get(place) ?? NONE;
  }

  /** The refs of the pieces at `place` (`refs` by slot), one list until a piece leaves or enters it: readers must not change it. */
  refsAt(place: Place, refs: readonly EntityRef[]): readonly EntityRef[] {
    let list = this.sharedAt.get(place);
    if (list === undefined) this.sharedAt.set(place, (list = this.at(place).map((slot) => refs[slot]!)));
    return list;
  }
}

const NONE: readonly number[] = [];

/**
 * One game's pieces as dense lists in creation order (`Program.defs.pieceIds`): ids, state objects
 * and refs, so a ref's `slot` finds its state with an array load; and the index by location.
 * Built lazily per Runtime from its own state, so a fork or a resumed game, which gets a Runtime of
 * its own, builds its own. A piece record shared with a fork is replaced by a copy before the
 * runtime changes it (`writable`), which puts the copy in the list too.
 */
export class PieceLists {
  private idList: string[] | null = null;
  private stateList: PieceState[] | null = null;
  private statesOf: GameState['pieces'] | null = null;
  private refList: EntityRef[] | null = null;
  private byPlace: PieceIndex | null = null;
  /** `Runtime.drive` calls in progress: while one runs, no host edits the state. */
  private driving = 0;
  /** Whether the index was checked against the state since the outermost `drive` began. */
  private checked = false;

  constructor(private readonly program: Program, private readonly state: GameState) {}

  /** Every piece id, in creation order (pieces are never created or destroyed during a game). */
  ids(): string[] {
    return (this.idList ??= Object.keys(this.state.pieces));
  }

  states(): PieceState[] {
    const pieces = this.state.pieces;
    // A host that swaps the whole pieces record (restoring a snapshot) gets the list rebuilt.
    if (this.stateList !== null && this.statesOf === pieces) return this.stateList;
    this.statesOf = pieces;
    return (this.stateList = this.program.defs.pieceIds.map((id) => pieces[id]!));
  }

  /** Piece `id`'s record, this game's own to change in place (a shared one is copied first: persist.ts, sharePieces). */
  writable(id: string): PieceState {
    const pieces = this.state.pieces;
    const p = pieces[id]!;
    const own = ownPiece(p);
    if (own === null) return p;
    pieces[id] = own;
    if (this.stateList !== null && this.statesOf === pieces) this.stateList[this.program.refs.ref('piece', id).slot] = own;
    return own;
  }

  /** The refs of `states`, index for index (their `slot`s). */
  refs(): EntityRef[] {
    return (this.refList ??= this.program.defs.pieceIds.map((id) => this.program.refs.ref('piece', id)));
  }

  /** The index, checked first when a host may have moved pieces since it was last used. */
  index(): PieceIndex {
    const states = this.states();
    let ix = this.byPlace;
    if (ix === null || !ix.covers(states)) this.byPlace = ix = new PieceIndex(states);
    else if (this.driving === 0 || !this.checked) ix.check();
    this.checked = true;
    return ix;
  }

  /** Piece `id`'s `at` became `to` by the runtime's hand: refile it if the index is built. */
  moved(id: string, to: Place): void {
    const ix = this.byPlace;
    if (ix === null || !ix.covers(this.states())) return;
    const slot = this.program.refs.ref('piece', id).slot;
    if (slot >= 0) ix.moved(slot, to);
  }

  /** `Runtime.drive` begins: entered from outside, a host may have moved pieces since the last check. */
  enter(): void {
    if (this.driving++ === 0) this.checked = false;
  }

  leave(): void {
    this.driving--;
  }
}
