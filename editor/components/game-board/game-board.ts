import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import type { BoardModel, OptionPreview, PendingView, SeatState } from '../../play/protocol.ts';
import { BoardDrag, closest } from './board-drag.ts';
import { AREA_FILLS, areaMapSvg, hexMapSvg, linkStyle, type BoardContext } from './board-svg.ts';
import { styles } from './game-board.styles.ts';
import { counterColors } from './piece-colors.ts';
import { zoneBoxes } from './zone-boxes.ts';

/**
 * The board of a game, drawn from the ruleset's data: the area map and/or hex grid, and the
 * off-map zones. In play mode the places and pieces the pending question offers are buttons; in
 * setup mode (the scenario editor) pieces can be dragged, or picked and put, onto places, and
 * turned on hex grids. The places an option's preview passes through and ends on are highlighted
 * (`data-preview="path"` / `"end"`), with the facing it ends with on hex grids.
 *
 * @fires rs-board-pick - an option of the pending question was chosen on the board (`{ option }`)
 * @fires rs-board-drop - setup: a piece was put on a place (`{ piece, to }`)
 * @fires rs-board-rotate - setup: a piece on a hex was turned (`{ piece, facing }`)
 * @csspart map - the drawing of the map
 */
export class RsGameBoard extends LitElement {
  static override styles = styles;
  static override properties = {
    board: { attribute: false },
    state: { attribute: false },
    pending: { attribute: false },
    selected: { attribute: false },
    preview: { attribute: false },
    mode: {},
  };

  declare board: BoardModel | undefined;
  declare state: SeatState | undefined;
  declare pending: PendingView | null;
  /** Options picked so far for a question with several answers. */
  declare selected: readonly number[];
  /** Where the option being looked at leads (the question's `preview`), highlighted on the map. */
  declare preview: OptionPreview | null;
  declare mode: 'play' | 'setup';

  /** SVG units per screen pixel of the map as last measured (text is sized from it). */
  private unit = 1;
  private readonly resize = new ResizeObserver(() => this.measure());

  private readonly drag = new BoardDrag(this, {
    root: () => this.renderRoot as ShadowRoot,
    drop: (piece, to) => emit(this, 'rs-board-drop', { piece, to }),
  });

  constructor() {
    super();
    this.board = undefined;
    this.state = undefined;
    this.pending = null;
    this.selected = [];
    this.preview = null;
    this.mode = 'play';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize.observe(this);
  }

  override disconnectedCallback(): void {
    this.resize.disconnect();
    super.disconnectedCallback();
  }

  protected override updated(): void {
    this.measure();
  }

  /** Redraw when the map's scale on screen changed enough to matter for its text. */
  private measure(): void {
    // The screen matrix, not the element's box: a map limited by its height is drawn narrower than its box.
    const scale = this.renderRoot.querySelector<SVGSVGElement>('.map svg')?.getScreenCTM()?.a ?? 0;
    if (!scale) return;
    const unit = 1 / scale;
    if (Math.abs(unit - this.unit) / this.unit > 0.05) {
      this.unit = unit;
      this.requestUpdate();
    }
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('mode') && this.mode !== 'setup') this.drag.reset();
  }

  protected override render() {
    const { board, state } = this;
    if (!board || !state) return html`<p class="muted">No game yet.</p>`;
    const ctx = this.context(board, state);
    const setup = this.mode === 'setup';
    return html`<div class="board" @click=${this.handleClick} @keydown=${this.handleKeyDown}
        @pointerdown=${setup ? this.drag.handlePointerDown : nothing} @pointermove=${setup ? this.drag.handlePointerMove : nothing} @pointerup=${setup ? this.drag.handlePointerUp : nothing}>
      ${setup ? this.renderSetupBar(ctx) : nothing}
      ${board.areas.length ? html`<div class="map" part="map">${areaMapSvg(ctx)}</div>` : nothing}
      ${board.grid ? html`<div class="map" part="map">${hexMapSvg(ctx)}</div>` : nothing}
      ${!board.areas.length && !board.grid ? html`<p class="muted">This ruleset has no map.</p>` : nothing}
      ${this.renderLegend(board)}
      ${zoneBoxes(ctx, state)}
      ${this.drag.ghost ? this.renderGhost(this.drag.ghost) : nothing}
    </div>`;
  }

  private context(board: BoardModel, state: SeatState): BoardContext {
    const placeOptions = new Map<string, number>();
    const pieceOptions = new Map<string, number>();
    const cardOptions = new Map<string, number>();
    this.pending?.targets.forEach((t, i) => {
      if (!t) return;
      if (t.kind === 'piece') pieceOptions.has(t.id) || pieceOptions.set(t.id, i);
      else if (t.kind === 'card') cardOptions.has(t.id) || cardOptions.set(t.id, i);
      else if (t.kind === 'area' || t.kind === 'zone') placeOptions.has(t.id) || placeOptions.set(t.id, i);
      else if (t.kind === 'hex') placeOptions.has(`hex:${t.id}`) || placeOptions.set(`hex:${t.id}`, i);
    });
    return {
      board,
      pieces: state.pieces,
      placeOptions,
      pieceOptions,
      cardOptions,
      selected: new Set(this.selected),
      multiple: this.pending?.kind === 'several',
      labels: this.pending?.labels ?? [],
      setup: this.mode === 'setup',
      held: this.drag.held,
      unit: this.unit,
      preview: this.mode === 'play' ? this.preview : null,
      players: state.players,
    };
  }

  private renderSetupBar(ctx: BoardContext) {
    const held = ctx.held ? ctx.pieces.find((p) => p.id === ctx.held) : undefined;
    if (!held) return html`<p class="setup-bar">Drag a piece onto an area, hex or zone — or select it (click, Enter) and then select a place.</p>`;
    const name = ctx.board.pieceTypes[held.type]?.name ?? held.type;
    const onHex = !!ctx.board.grid && !!held.at?.startsWith('hex:');
    return html`<p class="setup-bar held" role="status">
      Holding <strong>${name} (${held.id})</strong>: select a place to put it, Escape to put it back.
      ${onHex
        ? html`<span class="turn">Facing ${held.facing ?? 0}
            <button class="button" data-turn="-1" @click=${(e: Event) => this.handleTurn(e, held.id, (held.facing ?? 0) - 1)}>⟲ Turn left</button>
            <button class="button" data-turn="1" @click=${(e: Event) => this.handleTurn(e, held.id, (held.facing ?? 0) + 1)}>⟳ Turn right</button></span>`
        : nothing}
    </p>`;
  }

  private renderLegend(board: BoardModel) {
    const links = board.linkTypes.length ? board.linkTypes : [];
    const areas = board.areaTypes;
    if (!links.length && !areas.length) return nothing;
    return html`<ul class="legend" aria-label="Legend">
      ${links.map((t) => {
        const s = linkStyle(board, t.id);
        return html`<li><svg width="34" height="10" aria-hidden="true"><line x1="1" y1="5" x2="33" y2="5" stroke=${s.stroke} stroke-width="3" stroke-dasharray=${s.dash || nothing}></line></svg>${t.name}</li>`;
      })}
      ${areas.map((t, i) => html`<li><span class="swatch" style="background:${AREA_FILLS[i % AREA_FILLS.length]}"></span>${t.name}</li>`)}
    </ul>`;
  }

  private renderGhost(ghost: { piece: string; x: number; y: number }) {
    const piece = this.state?.pieces.find((p) => p.id === ghost.piece);
    const def = piece ? this.board?.pieceTypes[piece.type] : undefined;
    const side = this.board?.sides.find((s) => s.id === def?.side);
    const c = counterColors(def?.color, side?.color);
    return html`<div class="ghost" style="left:${ghost.x}px;top:${ghost.y}px;background:${c.fill};border-color:${c.stroke};color:${c.text}" aria-hidden="true">${def?.label ?? ghost.piece}</div>`;
  }

  private handleClick(e: MouseEvent): void {
    if ((e.target as Element | null)?.closest?.('button[data-turn]')) return;
    if (this.mode === 'setup') {
      this.drag.activate(closest(e, '[data-piece], [data-drop]'));
      return;
    }
    const option = closest(e, '[data-option]')?.getAttribute('data-option');
    if (option !== null && option !== undefined) emit(this, 'rs-board-pick', { option: Number(option) });
  }

  private handleKeyDown(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.drag.held) {
      this.drag.reset();
      return;
    }
    const held = this.drag.held && this.state?.pieces.find((p) => p.id === this.drag.held);
    if (held && (e.key === '[' || e.key === ']')) {
      emit(this, 'rs-board-rotate', { piece: held.id, facing: (((held.facing ?? 0) + (e.key === ']' ? 1 : -1)) % 6 + 6) % 6 });
      return;
    }
    // SVG groups do not turn Enter and Space into clicks as buttons do.
    const el = e.composedPath()[0];
    if ((e.key === 'Enter' || e.key === ' ') && el instanceof SVGElement) {
      e.preventDefault();
      (el as SVGElement).dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    }
  }

  private handleTurn(e: Event, piece: string, facing: number): void {
    e.stopPropagation();
    emit(this, 'rs-board-rotate', { piece, facing: ((facing % 6) + 6) % 6 });
  }
}

customElements.define('rs-game-board', RsGameBoard);

declare global {
  interface HTMLElementTagNameMap {
    'rs-game-board': RsGameBoard;
  }
}
