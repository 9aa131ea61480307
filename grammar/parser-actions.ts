/**
 * Statements that act on cards and pieces: shuffle, discard, put, remove, move, place, flip,
 * reveal, and `end game with …`.
 */
import type { Expr, Stmt } from './ast.ts';
import { alt } from './parser-base.ts';
import { FormsParser } from './parser-forms.ts';
import * as t from './tokens.ts';

const { kw } = t;

export abstract class ActionsParser extends FormsParser {
  protected readonly recoverStmt = { recoveryValueFunc: (): Stmt | null => null };

  /** `shuffle deck`, `shuffle deck with discards` */
  protected shuffleStatement = this.RULE(
    'shuffleStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.shuffle);
      const deck = this.SUBRULE(this.expression);
      const withDiscards = this.OPTION(() => {
        this.CONSUME(kw.with);
        return this.CONSUME(kw.discards);
      });
      return this.ACTION(() => ({ kind: 'shuffle', deck, withDiscards: withDiscards !== undefined, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `discard card`, `discard card to pile` */
  protected discardStatement = this.RULE(
    'discardStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.discard);
      const card = this.SUBRULE(this.expression);
      const to = this.optionalTo();
      return this.ACTION(() => ({ kind: 'discard', card, to, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  private optionalTo(): Expr | null {
    const to = this.OPTION9(() => {
      this.CONSUME9(kw.to);
      return this.SUBRULE9(this.expression);
    });
    return to ?? null;
  }

  private optionalFacing(): Expr | null {
    const facing = this.OPTION8(() => {
      this.CONSUME8(kw.facing);
      return this.SUBRULE8(this.expression);
    });
    return facing ?? null;
  }

  /** `put card on top of deck`, `put card at bottom of deck` */
  protected putStatement = this.RULE(
    'putStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.put);
      const card = this.SUBRULE(this.expression);
      const position = this.OR([
        alt(() => {
          this.CONSUME(kw.on);
          this.CONSUME(kw.top);
          return 'top' as const;
        }),
        alt(() => {
          this.CONSUME(kw.at);
          this.CONSUME(kw.bottom);
          return 'bottom' as const;
        }),
      ]);
      this.CONSUME(kw.of);
      const deck = this.SUBRULE2(this.expression);
      return this.ACTION(() => ({ kind: 'put', card, deck, position, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `remove x from game` (`to` null), `remove x to zone` */
  protected removeStatement = this.RULE(
    'removeStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.remove);
      const target = this.SUBRULE(this.expression);
      const to = this.OR([
        alt(() => {
          this.CONSUME(kw.from);
          this.CONSUME(kw.game);
          return null;
        }),
        alt(() => {
          this.CONSUME(kw.to);
          return this.SUBRULE2(this.expression);
        }),
      ]);
      return this.ACTION(() => ({ kind: 'remove', target, to, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `move piece to area`, `move piece to hex facing 3` */
  protected moveStatement = this.RULE(
    'moveStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.move);
      const piece = this.SUBRULE(this.expression);
      this.CONSUME(kw.to);
      const to = this.SUBRULE2(this.expression);
      const facing = this.optionalFacing();
      return this.ACTION(() => ({ kind: 'move', piece, to, facing, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /**
   * `place piece in area`, `place 2 of kind in area [facing n]`. The expressions before `in` are
   * read without a top-level `in` operator, which would otherwise swallow `in area`.
   */
  protected placeStatement = this.RULE(
    'placeStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.place);
      const first = this.SUBRULE(this.expression, { ARGS: [true] });
      const piece = this.OPTION(() => {
        this.CONSUME(kw.of);
        return this.SUBRULE2(this.expression, { ARGS: [true] });
      });
      this.CONSUME(kw.in);
      const area = this.SUBRULE3(this.expression);
      const facing = this.optionalFacing();
      return this.ACTION(() => ({
        kind: 'place',
        count: piece === undefined ? null : first,
        piece: piece ?? first,
        in: area,
        facing,
        span: this.spanToHere(start),
      }));
    },
    this.recoverStmt,
  );

  /** `flip piece` */
  protected flipStatement = this.RULE(
    'flipStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.flip);
      const piece = this.SUBRULE(this.expression);
      return this.ACTION(() => ({ kind: 'flip', piece, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `reveal x`, `reveal x to side` */
  protected revealStatement = this.RULE(
    'revealStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.reveal);
      const target = this.SUBRULE(this.expression);
      const to = this.optionalTo();
      return this.ACTION(() => ({ kind: 'reveal', target, to, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `end game with { winner: side, level: "Marginal" }` */
  protected endGameStatement = this.RULE(
    'endGameStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.end);
      this.CONSUME(kw.game);
      this.CONSUME(kw.with);
      const result = this.SUBRULE(this.expression);
      return this.ACTION(() => ({ kind: 'end-game', result, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );
}
