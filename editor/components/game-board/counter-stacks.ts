/**
 * Counters for a place's pieces: identical pieces that nobody is about to pick share one counter.
 * Apart from the SVG (board-svg.ts) so that it can be tested without a DOM.
 */
import type { PieceView } from '../../play/protocol.ts';

/** What decides whether a piece must stay a counter of its own (BoardContext's fields). */
export interface StackContext {
  pieceOptions: ReadonlyMap<string, number>;
  setup: boolean;
  held: string | undefined;
}

/** One counter drawn for `count` pieces of one place: a piece, or a stack of identical ones. */
export interface Counter {
  piece: PieceView;
  count: number;
}

/**
 * A place's pieces as counters: the pieces a question offers (or, in setup, that can be picked up)
 * one by one and first; the others stacked by type (and facing, owner and flipped side), one counter `Name ×n` for each,
 * in the order their first piece comes. Pieces of one type look alike anyway, so a stack hides
 * nothing the counters showed — and a dozen markers in one area fit on the board.
 */
export function stackIdentical(ctx: StackContext, pieces: readonly PieceView[]): Counter[] {
  const single: Counter[] = [];
  const stacks = new Map<string, Counter>();
  for (const piece of pieces) {
    if (ctx.setup || ctx.held === piece.id || ctx.pieceOptions.has(piece.id)) { single.push({ piece, count: 1 }); continue; }
    const key = `${piece.type}\0${piece.facing ?? ''}\0${piece.owner ?? ''}\0${piece.flipped}`;
    const stack = stacks.get(key);
    if (stack) stack.count++;
    else stacks.set(key, { piece, count: 1 });
  }
  return [...single, ...stacks.values()];
}
