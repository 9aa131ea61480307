/**
 * SVG of the board: an area map (areas at their `at` positions, links styled by link type) or a
 * hex grid (hexes labelled by the grid's pattern), with pieces as counters coloured by their type.
 * Places and pieces that answer the pending question are focusable buttons (`data-option`); in
 * setup mode every piece can be picked up and every place takes a drop (`data-drop`).
 */
import { nothing, svg, type TemplateResult } from 'lit';
import type { BoardModel, OptionPreview, PieceView } from '../../play/protocol.ts';
import { counterSlots, facingAngle, hexCenter, hexLabel, hexPoints, hexTerrain, layoutAreas, layoutHexes, type AreaLayout, type Point } from './board-geometry.ts';
import { MIN_TEXT_PX, placeAreaLabels, textWidth } from './board-labels.ts';
import { counterColors, type CounterColors } from './piece-colors.ts';
import { stackIdentical } from './counter-stacks.ts';
import { gridHexLabel } from '../../../interpreter/load/hex-label.ts';

export interface BoardContext {
  board: BoardModel;
  pieces: readonly PieceView[];
  /** Option index of each place (area id, `hex:c,r`, zone key) and piece the question offers. */
  placeOptions: ReadonlyMap<string, number>;
  pieceOptions: ReadonlyMap<string, number>;
  /** Option index of each card the question offers (picked in the hand that holds it). */
  cardOptions: ReadonlyMap<string, number>;
  selected: ReadonlySet<number>;
  /** The question takes several answers (options toggle). */
  multiple: boolean;
  labels: readonly string[];
  setup: boolean;
  held: string | undefined;
  /** SVG units per screen pixel of the drawing as shown (1 until measured): text is sized from it. */
  unit: number;
  /** Where the option under the pointer or focus leads (its `preview`), drawn over the places. */
  preview: OptionPreview | null;
  /** The game's players, in seat order: a piece they own is named (and coloured) by its owner. */
  players: ReadonlyArray<{ id: string; name: string }>;
}

/**
 * A player's colour for the pieces it owns whose type and side give none (Blockade Runner's ships
 * were all grey: nothing told whose was whose). The rules have no player colours of their own.
 */
export const OWNER_COLORS = ['#c8473f', '#3b72c4', '#3c8f58', '#d89a2b', '#8453b5', '#23989a'];

/** Link styles, by link type in declaration order (untyped links use the first). */
export const LINK_STYLES = [
  { stroke: '#6b7892', dash: '' },
  { stroke: '#2e7d32', dash: '10 6' },
  { stroke: '#1f5fd6', dash: '3 5' },
  { stroke: '#a0522d', dash: '14 5 3 5' },
  { stroke: '#8e24aa', dash: '1 4' },
];
/** How many terrain tints the board's stylesheet has (`.hex.terrain-1` …); values past them reuse them in turn. */
export const TERRAIN_TINTS = 6;
export const AREA_FILLS = ['#fdf6e3', '#e8f1fb', '#eef7ea', '#fbeef0', '#f3eefb', '#fff4e0'];

export function linkStyle(board: BoardModel, type: string | null) {
  const i = type === null ? 0 : Math.max(0, board.linkTypes.findIndex((t) => t.id === type));
  return LINK_STYLES[i % LINK_STYLES.length]!;
}

export function areaMapSvg(ctx: BoardContext): TemplateResult {
  const layout = layoutAreas(ctx.board.areas);
  const byPlace = groupByPlace(ctx.pieces);
  const nameSize = Math.max(13, MIN_TEXT_PX * ctx.unit);
  const placedAreas = ctx.board.areas.map((a) => ({ id: a.id, name: a.name, at: layout.at.get(a.id)! }));
  const stacks = new Map(ctx.board.areas.map((a) => [a.id, counterStack(ctx, byPlace.get(a.id) ?? [], layout.counter, layout.room.get(a.id))] as const));
  // Counters wider than their area are obstacles for names too.
  const counterBoxes = ctx.board.areas.flatMap((a) => {
    const p = layout.at.get(a.id)!;
    const stack = stacks.get(a.id)!;
    return stack.slots.map((slot) => ({ x: p.x + slot.x - stack.width / 2, y: p.y + slot.y - stack.height / 2, width: stack.width, height: stack.height }));
  });
  // Counters wider than an area at the edge of the map reach past the layout: the drawing grows to
  // hold them (and names may use that room), rather than cut them off.
  const view = {
    x: Math.min(0, ...counterBoxes.map((b) => b.x - 2)),
    y: Math.min(0, ...counterBoxes.map((b) => b.y - 2)),
    right: Math.max(layout.width, ...counterBoxes.map((b) => b.x + b.width + 2)),
    bottom: Math.max(layout.height, ...counterBoxes.map((b) => b.y + b.height + 2)),
  };
  const x = Math.floor(view.x);
  const y = Math.floor(view.y);
  const bounds = { x, y, width: Math.ceil(view.right - x), height: Math.ceil(view.bottom - y) };
  const names = placeAreaLabels(placedAreas, layout.radius, nameSize, bounds, counterBoxes);
  return svg`<svg viewBox="${bounds.x} ${bounds.y} ${bounds.width} ${bounds.height}" role="group" aria-label="Map">
    <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6b7892"></path></marker></defs>
    <g class="links">${ctx.board.links.map((l) => linkSvg(ctx, layout, l))}</g>
    <g class="areas">${ctx.board.areas.map((a) => {
      const p = layout.at.get(a.id)!;
      const option = ctx.placeOptions.get(a.id);
      const typeIndex = Math.max(0, ctx.board.areaTypes.findIndex((t) => t.id === a.type));
      return svg`<g class="place area ${optionClass(ctx, option)} ${previewClass(ctx, a.id)}" data-place=${a.id} data-drop=${ctx.setup ? a.id : nothing} data-option=${option ?? nothing}
          data-preview=${previewRole(ctx, a.id) ?? nothing}
          transform="translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})"
          tabindex=${placeFocusable(ctx, option) ? 0 : nothing} role=${placeFocusable(ctx, option) ? 'button' : nothing} aria-label=${placeLabel(ctx, option, a.name) ?? nothing}
          aria-pressed=${pressed(ctx, option) ?? nothing}>
        <title>${a.name}</title>
        ${areaShape(a.shape, layout.radius, AREA_FILLS[typeIndex % AREA_FILLS.length]!)}
        ${countersSvg(ctx, stacks.get(a.id)!, layout.counter)}
      </g>`;
    })}</g>
    <g class="area-names">${names.map((n) => (n.at
      ? svg`<text class="area-name" data-place=${n.id} x=${n.at.x.toFixed(1)} y=${n.at.y.toFixed(1)} font-size=${nameSize.toFixed(1)}>${n.text}</text>`
      : nothing))}</g>
  </svg>`;
}

function linkSvg(ctx: BoardContext, layout: AreaLayout, l: BoardModel['links'][number]) {
  const a = layout.at.get(l.from);
  const b = layout.at.get(l.to);
  if (!a || !b) return nothing;
  const style = linkStyle(ctx.board, l.type);
  // Directed links stop at the edge of the area they enter, where the arrowhead goes.
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const end = l.directed ? { x: b.x - ((b.x - a.x) / d) * layout.radius, y: b.y - ((b.y - a.y) / d) * layout.radius } : b;
  return svg`<line x1=${a.x.toFixed(1)} y1=${a.y.toFixed(1)} x2=${end.x.toFixed(1)} y2=${end.y.toFixed(1)} stroke=${style.stroke} stroke-width="3"
    stroke-dasharray=${style.dash || nothing} marker-end=${l.directed ? 'url(#arrow)' : nothing} data-link-type=${l.type ?? ''}></line>`;
}

function areaShape(shape: string, r: number, fill: string) {
  if (shape === 'square') return svg`<rect class="shape" x=${-r} y=${-r} width=${2 * r} height=${2 * r} rx="4" fill=${fill}></rect>`;
  if (shape === 'hexagon') {
    const pts = Array.from({ length: 6 }, (_, i) => `${(r * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(r * Math.sin((Math.PI / 3) * i)).toFixed(1)}`).join(' ');
    return svg`<polygon class="shape" points=${pts} fill=${fill}></polygon>`;
  }
  return svg`<circle class="shape" r=${r} fill=${fill}></circle>`;
}

export function hexMapSvg(ctx: BoardContext): TemplateResult {
  const grid = ctx.board.grid!;
  const layout = layoutHexes(grid);
  const byPlace = groupByPlace(ctx.pieces);
  const hexes: Array<{ col: number; row: number; center: Point }> = [];
  for (let row = 1; row <= grid.rows; row++) for (let col = 1; col <= grid.columns; col++) hexes.push({ col, row, center: hexCenter(grid, layout, col, row) });
  const counter = layout.size * 0.95;
  return svg`<svg viewBox="0 0 ${layout.width} ${layout.height.toFixed(0)}" role="group" aria-label="Hex grid">
    <g class="hexes">${hexes.map(({ col, row, center }) => {
      const key = `hex:${col},${row}`;
      const option = ctx.placeOptions.get(key);
      const label = hexLabel(grid, col, row);
      // Tinted by the hexes' first text prop (terrain): the default untinted, each other value its own tint.
      const terrain = hexTerrain(grid, col, row);
      const name = grid.terrain ? `hex ${label}, ${grid.terrain.values[terrain]}` : `hex ${label}`;
      return svg`<g class="place hex ${optionClass(ctx, option)} ${previewClass(ctx, key)} ${terrain ? `terrain-${((terrain - 1) % TERRAIN_TINTS) + 1}` : ''}" data-place=${key} data-drop=${ctx.setup ? key : nothing} data-option=${option ?? nothing}
          data-preview=${previewRole(ctx, key) ?? nothing} data-terrain=${grid.terrain ? grid.terrain.values[terrain] : nothing}
          tabindex=${placeFocusable(ctx, option) ? 0 : nothing} role=${placeFocusable(ctx, option) ? 'button' : nothing} aria-label=${placeLabel(ctx, option, name) ?? nothing}
          aria-pressed=${pressed(ctx, option) ?? nothing}>
        <title>${name}</title>
        <polygon class="shape" points=${hexPoints(grid, center, layout.size - 0.5)}></polygon>
        <text class="hex-label" x=${center.x.toFixed(1)} y=${(center.y - layout.size * 0.55).toFixed(1)}>${label}</text>
      </g>`;
    })}</g>
    ${edgesSvg(grid, hexes, layout.size)}
    <g class="hex-pieces">${hexes.map(({ col, row, center }) =>
      stackIdentical(ctx, byPlace.get(`hex:${col},${row}`) ?? []).map((c, i) => counterSvg(ctx, c.piece, { x: center.x + i * 5, y: center.y + i * 5 }, counter * (i ? 0.85 : 1), c.count)),
    )}</g>
    ${previewFacing(ctx, hexes, layout.size)}
  </svg>`;
}

/**
 * Hexsides that differ from the rest (`map.grid.edges`: a river, a wall) as a thick line along the
 * side two hexes share: perpendicular to the line between their centres, at its middle, as long as
 * a side (a hex's corner radius). Pairs that are not neighbours (the checker says so) are left out.
 */
function edgesSvg(grid: NonNullable<BoardContext['board']['grid']>, hexes: ReadonlyArray<{ col: number; row: number; center: Point }>, size: number) {
  if (!grid.edges?.length) return nothing;
  // By the rules' labels (`map.grid.edges` is keyed as `map.grid.hexes` is), not the board's fallback.
  const byLabel = new Map(hexes.map((h) => [gridHexLabel(grid.label, h.col, h.row), h.center]));
  return svg`<g class="hexsides">${grid.edges.map(({ a, b, text }) => {
    const p = byLabel.get(a), q = byLabel.get(b);
    if (!p || !q) return nothing;
    const dx = q.x - p.x, dy = q.y - p.y, d = Math.hypot(dx, dy);
    if (d === 0 || d > size * 2.1) return nothing;
    const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2, ux = -dy / d * (size / 2), uy = dx / d * (size / 2);
    return svg`<line class="hexside" data-edge=${`${a}/${b}`} x1=${(mx - ux).toFixed(1)} y1=${(my - uy).toFixed(1)} x2=${(mx + ux).toFixed(1)} y2=${(my + uy).toFixed(1)}><title>hexside ${a}/${b}: ${text}</title></line>`;
  })}</g>`;
}

/** The facing an option's preview ends with: an arrow from the end hex's centre to the side it faces. */
function previewFacing(ctx: BoardContext, hexes: ReadonlyArray<{ col: number; row: number; center: Point }>, size: number) {
  const p = ctx.preview;
  const end = p?.end && hexes.find((h) => `hex:${h.col},${h.row}` === p.end);
  if (!p || !end || p.facing === null) return nothing;
  const r = size * 0.8;
  return svg`<g class="preview-facing" data-facing=${p.facing} transform="translate(${end.center.x.toFixed(1)} ${end.center.y.toFixed(1)}) rotate(${facingAngle(ctx.board.grid!, p.facing)})" aria-hidden="true">
    <path d="M${(r * 0.25).toFixed(1)},-${(r * 0.3).toFixed(1)} L${r.toFixed(1)},0 L${(r * 0.25).toFixed(1)},${(r * 0.3).toFixed(1)} z"></path>
  </g>`;
}

/** `end` for the place an option's preview ends on, `path` for the places it passes through. */
function previewRole(ctx: BoardContext, place: string): 'end' | 'path' | undefined {
  const p = ctx.preview;
  if (!p) return undefined;
  if (p.end === place) return 'end';
  return p.path.includes(place) ? 'path' : undefined;
}

function previewClass(ctx: BoardContext, place: string): string {
  const role = previewRole(ctx, place);
  return role ? `preview-${role}` : '';
}

/** Where the counters of one area go: options first; more than fit show as `+n` in the last slot. */
function counterStack(ctx: BoardContext, pieces: readonly PieceView[], size: number, room?: number) {
  const max = 8;
  const all = stackIdentical(ctx, pieces);
  const shown = all.length > max ? all.slice(0, max - 1) : all;
  const boxes = shown.map((c) => counterBox(ctx, c.piece, size, c.count, room));
  const width = Math.max(size, ...boxes.map((b) => b.width));
  const height = Math.max(size, ...boxes.map((b) => b.height));
  const more = all.slice(shown.length).reduce((n, c) => n + c.count, 0);
  return { shown, more, width, height, room, slots: counterSlots(shown.length + (all.length > max ? 1 : 0), width, max, height, room) };
}

function countersSvg(ctx: BoardContext, stack: ReturnType<typeof counterStack>, size: number) {
  if (!stack.slots.length) return nothing;
  const last = stack.slots[stack.slots.length - 1]!;
  return svg`${stack.shown.map((c, i) => counterSvg(ctx, c.piece, stack.slots[i]!, size, c.count, stack.room))}
    ${stack.more ? svg`<text class="more" x=${last.x} y=${last.y + 4} font-size=${Math.max(12, MIN_TEXT_PX * ctx.unit).toFixed(1)}>+${stack.more}</text>` : nothing}`;
}

/**
 * A counter's text (its `label`, else its whole name; `×n` for a stack) and box: at least `size`,
 * and wide enough for the text. A text of several words wider than `room` (the space its area has
 * before the next one: `counterRoom`) goes on two lines, split at the space nearest its middle, so
 * that a long name (`Margaret and Jessie`) does not cover a neighbouring port; the name stays
 * whole (a walk found names cut to their first letters unreadable).
 */
function counterBox(ctx: BoardContext, piece: PieceView, size: number, count = 1, room = Infinity) {
  const type = ctx.board.pieceTypes[piece.type];
  const name = piece.type === '?' ? '?' : type?.label ?? type?.name ?? piece.type;
  const label = count > 1 ? `${name} ×${count}` : name;
  const fontSize = Math.max(size * (name.length > 3 ? 0.3 : 0.42), MIN_TEXT_PX * ctx.unit);
  const one = { label, lines: [label], fontSize, width: Math.max(size, textWidth(label, fontSize, true) + 6), height: Math.max(size, fontSize * 1.5) };
  const halves = one.width > room ? splitInTwo(name) : undefined;
  if (!halves) return one;
  // A stack's count stays with the name's end: `Margaret and` / `Jessie ×2`.
  const split = count > 1 ? [halves[0], `${halves[1]} ×${count}`] : halves;
  const width = Math.max(size, ...split.map((l) => textWidth(l, fontSize, true) + 6));
  return { label, lines: split, fontSize, width, height: Math.max(size, fontSize * 2.6) };
}

/** A text in two lines at the space nearest its middle; undefined for one word. */
function splitInTwo(text: string): [string, string] | undefined {
  let best = -1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) if (best < 0 || Math.abs(i - text.length / 2) < Math.abs(best - text.length / 2)) best = i;
  return best < 0 ? undefined : [text.slice(0, best), text.slice(best + 1)];
}

export function counterSvg(ctx: BoardContext, piece: PieceView, at: Point, size: number, count = 1, room = Infinity) {
  const type = ctx.board.pieceTypes[piece.type];
  const side = ctx.board.sides.find((s) => s.id === type?.side);
  const colors = pieceColors(ctx, piece);
  const option = ctx.pieceOptions.get(piece.id);
  const { lines, fontSize, width, height } = counterBox(ctx, piece, size, count, room);
  const owned = ownedBy(ctx, piece);
  const one = piece.type === '?' ? `hidden piece (${piece.id})${owned}` : `${type?.name ?? piece.type} (${piece.id})${owned}`;
  const name = count > 1 ? `${count} × ${piece.type === '?' ? 'hidden piece' : type?.name ?? piece.type}${owned}` : one;
  const grid = ctx.board.grid;
  const half = width / 2;
  const pickable = ctx.setup || option !== undefined;
  return svg`<g class="piece ${optionClass(ctx, option)} ${ctx.held === piece.id ? 'held' : ''}" data-piece=${piece.id} data-type=${piece.type}
      data-count=${count > 1 ? count : nothing} data-option=${option ?? nothing} data-facing=${piece.facing ?? nothing} transform="translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})"
      tabindex=${pickable ? 0 : nothing} role=${pickable ? 'button' : nothing} aria-label=${pickable ? (ctx.setup ? `${name}: pick up` : `Choose ${ctx.labels[option!] ?? name}`) : nothing}
      aria-pressed=${pressed(ctx, option) ?? nothing}>
    <title>${name}</title>
    <rect x=${(-half).toFixed(1)} y=${(-height / 2).toFixed(1)} width=${width.toFixed(1)} height=${height.toFixed(1)} rx="3" fill=${colors.fill} stroke=${colors.stroke} stroke-width="2"></rect>
    <text class="counter-label" y=${(fontSize * (lines.length > 1 ? -0.25 : 0.35)).toFixed(1)} font-size=${fontSize.toFixed(1)} fill=${colors.text}>${lines.length > 1
      ? lines.map((l, i) => svg`<tspan x="0" dy=${i ? `${(fontSize * 1.1).toFixed(1)}` : '0'}>${l}</tspan>`)
      : lines[0]}</text>
    ${grid && piece.facing !== null && piece.at?.startsWith('hex:')
      ? svg`<g class="facing" transform="rotate(${facingAngle(grid, piece.facing)})"><path d="M${half - 1},-${size * 0.22} L${half + size * 0.32},0 L${half - 1},${size * 0.22} z" fill=${colors.stroke}></path></g>`
      : nothing}
  </g>`;
}

/** A counter's colours: its type's or side's, else its owner's (OWNER_COLORS), a hidden piece grey. */
export function pieceColors(ctx: BoardContext, piece: PieceView): CounterColors {
  if (piece.type === '?') return { fill: '#9aa3b2', stroke: '#566070', text: '#ffffff' };
  const type = ctx.board.pieceTypes[piece.type];
  const side = ctx.board.sides.find((s) => s.id === type?.side);
  const seat = piece.owner === null ? -1 : ctx.players.findIndex((p) => p.id === piece.owner);
  const ownerColor = seat >= 0 && !type?.color && !side?.color ? OWNER_COLORS[seat % OWNER_COLORS.length] : undefined;
  return counterColors(type?.color ?? ownerColor, side?.color);
}

/** `, owned by Player 1` for a piece a player owns ('' otherwise), after its name in titles (no possessive: `Central Powers's`). */
export function ownedBy(ctx: BoardContext, piece: PieceView): string {
  const owner = piece.owner === null ? undefined : ctx.players.find((p) => p.id === piece.owner);
  return owner ? `, owned by ${owner.name}` : '';
}

function optionClass(ctx: BoardContext, option: number | undefined): string {
  if (option === undefined) return '';
  return ctx.selected.has(option) ? 'option selected' : 'option';
}

/** Places are buttons when they answer the question, or (setup) while a piece is held. */
function placeFocusable(ctx: BoardContext, option: number | undefined): boolean {
  return option !== undefined || (ctx.setup && ctx.held !== undefined);
}

function placeLabel(ctx: BoardContext, option: number | undefined, name: string): string | undefined {
  if (option !== undefined) return `Choose ${ctx.labels[option] ?? name}`;
  return ctx.setup && ctx.held !== undefined ? `Put ${ctx.held} in ${name}` : undefined;
}

/** For questions with several answers: whether this option is among those picked. */
function pressed(ctx: BoardContext, option: number | undefined): string | undefined {
  return option !== undefined && ctx.multiple ? String(ctx.selected.has(option)) : undefined;
}

/** Text for a counter without a `label`: initials, or the first letters. */
export function shortName(name: string): string {
  const words = name.split(/[\s_-]+/).filter(Boolean);
  return (words.length > 1 ? words.map((w) => w[0]).join('') : name.slice(0, 3)).toUpperCase().slice(0, 3);
}

export function groupByPlace(pieces: readonly PieceView[]): Map<string, PieceView[]> {
  const out = new Map<string, PieceView[]>();
  for (const p of pieces) {
    if (p.at === null || p.at === '@out') continue;
    const list = out.get(p.at);
    if (list) list.push(p);
    else out.set(p.at, [p]);
  }
  return out;
}

