/**
 * What the ruleset declares secret, as one set of answers to "may this seat see that?": tracks and
 * variables by their `visibility` (public, owner, hidden), zones by theirs (the cards and pieces
 * they hold), face-down pieces, draw piles always hidden. Views (views.ts) apply these answers; determinize (determinize.ts) resamples exactly
 * what they hide. Nothing else decides visibility, so the two cannot drift apart.
 */
import type { Runtime } from './runtime.ts';
import type { GameState, PlayerState } from './state.ts';

/** A log line's `visibleTo` that matches no seat: only the referee's log shows it. */
export const REFEREE_ONLY = '\u0000referee';

type Visibility = 'public' | 'owner' | 'hidden';
interface Declared {
  per?: string;
  visibility?: Visibility;
}

/** The seat (player id or side id) a per-owner value belongs to, or null when it belongs to none. */
export function ownerSeat(state: GameState, rt: Runtime, per: string | undefined, owner: string): string | null {
  if (per === 'player' || per === 'side') return owner;
  if (per === 'piece') return state.pieces[owner]?.owner ?? pieceSide(rt, owner);
  return null;
}

/**
 * Who may see one value of a track or variable: undefined for everyone, else the one seat (a
 * player or side id) or REFEREE_ONLY. Used as the `visibleTo` of the lines that tell it.
 */
export function valueAudience(rt: Runtime, def: Declared | undefined, owner: string | null): string | undefined {
  const vis = def?.visibility ?? 'public';
  if (vis === 'public') return undefined;
  if (vis === 'hidden' || owner === null) return REFEREE_ONLY;
  return ownerSeat(rt.state, rt, def?.per, owner) ?? REFEREE_ONLY;
}

/** Whether a seat (a player, or null for a spectator) is in an audience. */
export function inAudience(audience: string | undefined, me: PlayerState | undefined): boolean {
  return audience === undefined || (me !== undefined && (audience === me.id || (me.side !== null && audience === me.side)));
}

/** Whether `me` may see what zone instance `key` (`hand@p1`) holds: its cards' faces, and which pieces lie there. */
export function zoneVisible(rt: Runtime, key: string, me: PlayerState | undefined): boolean {
  const [zone, owner] = key.split('@');
  const vis = rt.program.data.zones?.[zone!]?.visibility ?? 'public';
  if (vis === 'public') return true;
  if (vis === 'hidden' || owner === undefined || !me) return false;
  return owner === me.id || owner === me.side;
}

/** Whether `me` may see which card instance `id` is (its face): not in a draw pile or a zone hidden from it. */
export function cardVisible(rt: Runtime, id: string, me: PlayerState | undefined): boolean {
  const c = rt.state.cards[id];
  if (c === undefined) return false;
  return placeShowsCards(rt, c.at, me) || c.shown === true || (c.shown_to !== undefined && me !== undefined && c.shown_to.some((w) => shownTo(w, me)));
}

/** Whether a card's `shown_to` entry (`player:p2`, `side:red`) takes in `me`. */
const shownTo = (who: string, me: PlayerState): boolean => who === `player:${me.id}` || (me.side != null && who === `side:${me.side}`);

/** A line's place for a card shown to a player or side (`LineSecret.cards`: `@shown:player:p2`): they may read it. */
export const SHOWN_TO = '@shown:';

/** Whether `me` may see the face of a card lying at `at` (a card's `at`: `draw`, `discard`, a zone key…). */
export function placeShowsCards(rt: Runtime, at: string, me: PlayerState | undefined): boolean {
  if (at === 'draw') return false;
  if (at.startsWith(SHOWN_TO)) return me !== undefined && shownTo(at.slice(SHOWN_TO.length), me);
  if (rt.state.zones[at] !== undefined) return zoneVisible(rt, at, me);
  return true;
}

/** The side a piece belongs to: its type's, else its owner's. */
export function pieceSide(rt: Runtime, id: string): string | null {
  const p = rt.state.pieces[id];
  if (!p) return null;
  const side = rt.def('pieces', p.type)?.side;
  if (typeof side === 'string') return side;
  return rt.state.players.find((x) => x.id === p.owner)?.side ?? null;
}

/**
 * A line's audience entry for one player (`LineSecret.pieces`): a zone of one player's shows its
 * pieces to that player, not to the player's side.
 */
export const PLAYER_AUDIENCE = '@player:';

/**
 * Whether a hidden piece whose audience is `side` is hidden from `viewer` (undefined: a spectator,
 * who sees no hidden piece). The audience is the piece's side, or several entries joined by `|`:
 * its side and those it was shown to when a line was written, or whom the zone it lay in showed
 * it to (a side, `@player:p1`, or REFEREE_ONLY for no one) (`lineSides`).
 */
export function hiddenFrom(side: string | null, viewer: PlayerState | undefined): boolean {
  if (!viewer) return true;
  if (side === null || side === viewer.side) return false;
  if (!side.includes('|') && !side.startsWith(PLAYER_AUDIENCE)) return true;
  return !side.split('|').some((w) => w === viewer.side || w === PLAYER_AUDIENCE + viewer.id);
}

/** Whether `at` (a piece's place) is an instance of a zone that keeps what it holds from some seat. */
export function inSecretZone(rt: Runtime, at: string | null | undefined): boolean {
  const secret = rt.program.defs.secretZones;
  if (secret.size === 0 || !at) return false;
  const i = at.indexOf('@');
  return secret.has(i < 0 ? at : at.slice(0, i));
}

/** Whether some seat may not identify piece `id` now: it is face down, or lies in a zone that hides what it holds. */
export function pieceConcealed(rt: Runtime, id: string): boolean {
  const p = rt.state.pieces[id];
  return p !== undefined && (p.hidden === true || inSecretZone(rt, p.at));
}

/**
 * The audience that may identify a concealed piece now, for a line's secret: its own side and
 * those it was shown to; in a zone that hides its pieces, whom that zone shows them to (and, for
 * a face-down piece, only if that seat could identify it anyway), else no one.
 */
export function lineSides(rt: Runtime, id: string): string | null {
  const p = rt.state.pieces[id];
  const side = pieceSide(rt, id);
  const shown = p?.shown_to;
  const bySide = side === null || !shown?.length ? side : [side, ...shown].join('|');
  if (!p || !inSecretZone(rt, p.at)) return bySide;
  const [zone, owner] = p.at!.split('@');
  if (rt.def('zones', zone!)?.visibility === 'hidden' || owner === undefined) return REFEREE_ONLY;
  const player = rt.state.players.find((x) => x.id === owner);
  const ownerSide = player ? player.side : owner;
  if (p.hidden && bySide !== null && (ownerSide === null || !bySide.split('|').includes(ownerSide))) return REFEREE_ONLY;
  return player ? PLAYER_AUDIENCE + owner : owner;
}

/** The audience of a piece that is not concealed: every seat and the spectator (`lineSides`' null is every player). */
export const EVERYONE = '\u0000everyone';

/** Who may identify a piece now, as a line's audience: EVERYONE when it is not concealed. */
export const pieceAudience = (rt: Runtime, id: string): string | null => (pieceConcealed(rt, id) ? lineSides(rt, id) : EVERYONE);

/** Everyone either audience takes in. */
export function audienceUnion(a: string | null, b: string | null): string | null {
  if (a === EVERYONE || b === EVERYONE) return EVERYONE;
  if (a === null || b === null) return null;
  if (a === b) return a;
  const both = new Set([...a.split('|'), ...b.split('|')].filter((w) => w !== REFEREE_ONLY));
  return both.size ? [...both].join('|') : REFEREE_ONLY;
}

/**
 * Whether `me` may identify piece `id` now: it lies where `me` may see (not in a zone hidden from
 * it), and it is face up, of `me`'s side, or was shown to that side.
 */
export function pieceVisible(rt: Runtime, id: string, me: PlayerState | undefined): boolean {
  const p = rt.state.pieces[id];
  if (p !== undefined && inSecretZone(rt, p.at) && !zoneVisible(rt, p.at!, me)) return false;
  return !p?.hidden || !hiddenFrom(pieceSide(rt, id), me) || (me?.side != null && p.shown_to?.includes(me.side) === true);
}

/** A track or variable with values `me` may not see: the whole value (`owners: null`) or these owners' values. */
export interface Unseen {
  id: string;
  def: Declared & { min?: unknown; max?: unknown };
  owners: string[] | null;
}

/** The values of `values` (state.tracks or state.vars) that `me` may not see, by their declared visibility. */
export function unseenValues(rt: Runtime, section: 'tracks' | 'variables', values: Record<string, unknown>, me: PlayerState | undefined, skipOwner?: (per: string, owner: string) => boolean): Unseen[] {
  const out: Unseen[] = [];
  for (const id of Object.keys(values)) {
    const def = rt.def(section, id) as Unseen['def'] | undefined;
    if (!def?.visibility || def.visibility === 'public') continue;
    const v = values[id];
    const perOwner = def.per !== undefined && def.per !== 'global' && v !== null && typeof v === 'object' && !Array.isArray(v);
    if (!perOwner) {
      if (!inAudience(valueAudience(rt, def, null), me)) out.push({ id, def, owners: null });
      continue;
    }
    const owners = Object.keys(v as object).filter((owner) => !skipOwner?.(def.per!, owner) && !inAudience(valueAudience(rt, def, owner), me));
    if (owners.length) out.push({ id, def, owners });
  }
  return out;
}
