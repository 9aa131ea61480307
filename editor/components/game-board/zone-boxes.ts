/**
 * Off-map zones as boxes (one per player or side for `per:` zones) listing their pieces, grouped
 * by type, and their cards by name (`?` for those this seat may not see). In setup mode the box of
 * pieces not in play is shown too, and every group can be picked up and dropped on the board.
 */
import { html, nothing } from 'lit';
import type { CardView, PieceView, SeatState } from '../../play/protocol.ts';
import { ownedBy, pieceColors, shortName, type BoardContext } from './board-svg.ts';
import { zoneBoxesOf, type ZoneBox } from './zone-titles.ts';

export function zoneBoxes(ctx: BoardContext, state: SeatState) {
  const boxes = zoneBoxesOf(ctx.board, state);
  const unplaced = ctx.setup ? ctx.pieces.filter((p) => p.at === null) : [];
  if (!boxes.length && !unplaced.length) return nothing;
  return html`<div class="zones">
    ${boxes.map((z) => zoneBox(ctx, z, ctx.pieces.filter((p) => p.at === z.key), state.zoneCards[z.key] ?? []))}
    ${ctx.setup ? zoneBox(ctx, { key: '', title: 'Box (not in play)' }, unplaced, []) : nothing}
  </div>`;
}

function zoneBox(ctx: BoardContext, zone: ZoneBox, pieces: readonly PieceView[], cards: readonly CardView[]) {
  const option = zone.key ? ctx.placeOptions.get(zone.key) : undefined;
  const drop = ctx.setup && zone.key ? zone.key : undefined;
  const focusable = option !== undefined || (drop !== undefined && ctx.held !== undefined);
  const label = option !== undefined ? `Choose ${ctx.labels[option] ?? zone.title}` : focusable ? `Put ${ctx.held} in ${zone.title}` : undefined;
  const count = pieces.length + cards.length;
  return html`<section class="zone place ${option === undefined ? '' : ctx.selected.has(option) ? 'option selected' : 'option'}" data-zone=${zone.key || 'box'}
      data-place=${zone.key || nothing} data-drop=${drop ?? nothing} data-option=${option ?? nothing}
      tabindex=${focusable ? 0 : nothing} role=${focusable ? 'button' : nothing} aria-label=${label ?? nothing}>
    <h4>${zone.title} <span class="count">${count}</span></h4>
    ${pieceGroups(ctx, pieces)}
    ${cards.length ? cardList(ctx, cards) : nothing}
    ${count ? nothing : html`<p class="empty">empty</p>`}
  </section>`;
}

/** Pieces of one zone grouped by type; a group is a button when it holds an option (or in setup). */
function pieceGroups(ctx: BoardContext, pieces: readonly PieceView[]) {
  if (!pieces.length) return nothing;
  // By type and owner: each player's pieces in its own colour, named as owned by it.
  const groups = new Map<string, PieceView[]>();
  for (const p of pieces) {
    const key = `${p.type}\0${p.owner ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return html`<ul class="groups">
    ${[...groups.values()].map((list) => {
      const type = list[0]!.type;
      const def = ctx.board.pieceTypes[type];
      const c = pieceColors(ctx, list[0]!);
      const optionPiece = list.find((p) => ctx.pieceOptions.has(p.id));
      const option = optionPiece ? ctx.pieceOptions.get(optionPiece.id) : undefined;
      const name = `${type === '?' ? 'Hidden piece' : def?.name ?? type}${ownedBy(ctx, list[0]!)}`;
      const content = html`<span class="mini" style="background:${c.fill};border-color:${c.stroke};color:${c.text}" title=${name}>${type === '?' ? '?' : (def?.label ?? shortName(def?.name ?? type))}</span>
        <span class="group-name">${name}</span>${list.length > 1 ? html`<span class="times">×${list.length}</span>` : nothing}`;
      if (option === undefined && !ctx.setup) return html`<li>${content}</li>`;
      const piece = optionPiece ?? list[0]!;
      return html`<li><button class="chip ${option === undefined ? '' : ctx.selected.has(option) ? 'option selected' : 'option'} ${ctx.held === piece.id ? 'held' : ''}"
        data-piece=${piece.id} data-option=${option ?? nothing} aria-label=${option !== undefined ? `Choose ${ctx.labels[option] ?? name}` : `${name} (${piece.id}): pick up`}>${content}</button></li>`;
    })}
  </ul>`;
}

/**
 * A zone's cards: by name (`Storm ×2`), or, when the question offers some of them, one by one,
 * each offered card a button that answers with it (as a piece on the map does).
 */
function cardList(ctx: BoardContext, cards: readonly CardView[]) {
  const text = (t: string | undefined) => (t ? html`<span class="card-text">${t}</span>` : nothing);
  if (!cards.some((c) => c.id !== undefined && ctx.cardOptions.has(c.id))) {
    return html`<ul class="cards">${cardLines(cards).map((c) => html`<li>${c.line}${text(c.text)}</li>`)}</ul>`;
  }
  return html`<ul class="cards">${cards.map((c) => {
    const option = c.id === undefined ? undefined : ctx.cardOptions.get(c.id);
    if (option === undefined) return html`<li>${c.name === '?' ? 'hidden card' : c.name}${text(c.text)}</li>`;
    return html`<li><button class="chip card ${ctx.selected.has(option) ? 'option selected' : 'option'}" data-card=${c.id!} data-option=${option}
      aria-label=${`Choose ${ctx.labels[option] ?? c.name}`}><span class="card-name">${c.name}${text(c.text)}</span></button></li>`;
  })}</ul>`;
}

/** Storm, Storm, ? → `Storm ×2` (with what it says) and `1 hidden card`. */
function cardLines(cards: readonly CardView[]): Array<{ line: string; text?: string }> {
  const counts = new Map<string, { n: number; text?: string }>();
  for (const c of cards) {
    const seen = counts.get(c.name);
    if (seen) seen.n++;
    else counts.set(c.name, c.text ? { n: 1, text: c.text } : { n: 1 });
  }
  return [...counts].map(([name, { n, text }]) => {
    const line = name === '?' ? `${n} hidden card${n > 1 ? 's' : ''}` : n > 1 ? `${name} ×${n}` : name;
    return text ? { line, text } : { line };
  });
}
