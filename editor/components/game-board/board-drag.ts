/**
 * Picking up and dropping pieces on the board (setup mode), as a reactive controller: drag with a
 * pointer (a ghost follows it; the place under it on release takes the piece), or click / press
 * Enter on a piece and then on a place. Escape puts the piece back.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface DragCallbacks {
  /** The element's render root, where pieces and places are. */
  root(): ShadowRoot | HTMLElement;
  drop(piece: string, to: string): void;
}

const DRAG_THRESHOLD = 5;

export class BoardDrag implements ReactiveController {
  /** The piece picked up (by click, key or drag). */
  held: string | undefined;
  /** Where the ghost is while dragging (client coordinates). */
  ghost: { piece: string; x: number; y: number } | undefined;
  private start: { piece: string; x: number; y: number; id: number } | undefined;
  /** A drag just ended: the click that follows it is not a pick. */
  private swallowClick = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly callbacks: DragCallbacks,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.reset();
  }

  reset(): void {
    this.held = undefined;
    this.ghost = undefined;
    this.start = undefined;
    this.host.requestUpdate();
  }

  readonly handlePointerDown = (e: PointerEvent): void => {
    const piece = closest(e, '[data-piece]')?.getAttribute('data-piece');
    if (!piece || e.button !== 0) return;
    this.start = { piece, x: e.clientX, y: e.clientY, id: e.pointerId };
  };

  readonly handlePointerMove = (e: PointerEvent): void => {
    const s = this.start;
    if (!s || s.id !== e.pointerId) return;
    if (!this.ghost && Math.hypot(e.clientX - s.x, e.clientY - s.y) < DRAG_THRESHOLD) return;
    // Captured only once it is a drag: a plain click must still reach the piece it is on.
    if (!this.ghost) (e.currentTarget as Element).setPointerCapture(e.pointerId);
    this.ghost = { piece: s.piece, x: e.clientX, y: e.clientY };
    this.host.requestUpdate();
  };

  readonly handlePointerUp = (e: PointerEvent): void => {
    const s = this.start;
    this.start = undefined;
    if (!s || !this.ghost) return;
    this.ghost = undefined;
    this.swallowClick = true;
    const to = this.dropTargetAt(e.clientX, e.clientY);
    if (to !== undefined) this.callbacks.drop(s.piece, to);
    this.held = undefined;
    this.host.requestUpdate();
  };

  /** A click (or Enter) in setup mode: pick up a piece, or put the held one on a place. */
  activate(target: Element | null): void {
    if (this.swallowClick) {
      this.swallowClick = false;
      return;
    }
    const piece = target?.closest('[data-piece]')?.getAttribute('data-piece');
    const drop = target?.closest('[data-drop]')?.getAttribute('data-drop');
    if (piece && piece !== this.held) this.held = piece;
    else if (this.held && drop) {
      this.callbacks.drop(this.held, drop);
      this.held = undefined;
    } else this.held = undefined;
    this.host.requestUpdate();
  }

  private dropTargetAt(x: number, y: number): string | undefined {
    const root = this.callbacks.root();
    const under = 'elementsFromPoint' in root ? root.elementsFromPoint(x, y) : document.elementsFromPoint(x, y);
    for (const el of under) {
      const drop = el.closest('[data-drop]')?.getAttribute('data-drop');
      if (drop) return drop;
    }
    return undefined;
  }
}

/** The nearest element matching `selector` on the event's path (across the shadow root). */
export function closest(e: Event, selector: string): Element | null {
  for (const node of e.composedPath()) {
    if (node instanceof Element && node.matches(selector)) return node;
    if (node === e.currentTarget) break;
  }
  return null;
}
