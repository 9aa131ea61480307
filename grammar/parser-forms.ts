/**
 * Expression forms introduced by a keyword: queries, aggregates, sorting, drawing, choices and
 * table rolls. Their trailing parts are full expressions, so a form reaches as far right as it can
 * (`count u in units where u.cf > 2 and u.ready`); parenthesise it to stop earlier.
 */
import type { IToken } from 'chevrotain';
import type { AggregateOp, ChooseExpr, ChooseMode, Expr, QueryOp } from './ast.ts';
import { alt, gated } from './parser-base.ts';
import { ExpressionParser } from './parser-expressions.ts';
import * as t from './tokens.ts';

const { kw } = t;

export abstract class FormsParser extends ExpressionParser {
  /** `count u in units where …`, also `any`, `all`, `first`, `select`. */
  protected queryExpression = this.RULE(
    'queryExpression',
    (): Expr => {
      const op = this.OR([
        alt(() => this.CONSUME(kw.count)),
        alt(() => this.CONSUME(kw.any)),
        alt(() => this.CONSUME(kw.all)),
        alt(() => this.CONSUME(kw.first)),
        alt(() => this.CONSUME(kw.select)),
      ]);
      const binder = this.CONSUME(t.AnyName);
      this.CONSUME(kw.in);
      const source = this.SUBRULE(this.expression);
      const where = this.optionalWhere();
      return this.ACTION(() => ({
        kind: 'query',
        op: op.image as QueryOp,
        binder: binder.image,
        binderSpan: this.tokenSpan(binder),
        source,
        where,
        span: this.spanFrom(op, (where ?? source).span),
      }));
    },
    this.recoverExpr,
  );

  private optionalWhere(): Expr | null {
    const where = this.OPTION9(() => {
      this.CONSUME9(kw.where);
      return this.SUBRULE9(this.expression);
    });
    return where ?? null;
  }

  /** `sum u.cf for u in attackers where …`, also `min`, `max`. */
  protected aggregateExpression = this.RULE(
    'aggregateExpression',
    (): Expr => {
      const op = this.OR([
        alt(() => this.CONSUME(kw.sum)),
        alt(() => this.CONSUME(kw.min)),
        alt(() => this.CONSUME(kw.max)),
      ]);
      const value = this.SUBRULE(this.expression);
      this.CONSUME(kw.for);
      const binder = this.CONSUME(t.AnyName);
      this.CONSUME(kw.in);
      const source = this.SUBRULE2(this.expression);
      const where = this.optionalWhere();
      return this.ACTION(() => ({
        kind: 'aggregate',
        op: op.image as AggregateOp,
        value,
        binder: binder.image,
        binderSpan: this.tokenSpan(binder),
        source,
        where,
        span: this.spanFrom(op, (where ?? source).span),
      }));
    },
    this.recoverExpr,
  );

  /** `sort x in items by x.size descending` */
  protected sortExpression = this.RULE(
    'sortExpression',
    (): Expr => {
      const start = this.CONSUME(kw.sort);
      const binder = this.CONSUME(t.AnyName);
      this.CONSUME(kw.in);
      const source = this.SUBRULE(this.expression);
      this.CONSUME(kw.by);
      const by = this.SUBRULE2(this.expression);
      const descending = this.OPTION(() => this.CONSUME(kw.descending));
      return this.ACTION(() => ({
        kind: 'sort',
        binder: binder.image,
        binderSpan: this.tokenSpan(binder),
        source,
        by,
        descending: descending !== undefined,
        span: this.spanFrom(start, descending ?? by.span),
      }));
    },
    this.recoverExpr,
  );

  /** `draw from deck`, `draw 3 from deck into hand` */
  protected drawExpression = this.RULE(
    'drawExpression',
    (): Expr => {
      const start = this.CONSUME(kw.draw);
      const count = this.OPTION(() => this.SUBRULE(this.expression));
      this.CONSUME(kw.from);
      const deck = this.SUBRULE2(this.expression);
      const into = this.OPTION2(() => {
        this.CONSUME(kw.into);
        return this.SUBRULE3(this.expression);
      });
      return this.ACTION(() => ({
        kind: 'draw',
        count: count ?? null,
        deck,
        into: into ?? null,
        span: this.spanFrom(start, (into ?? deck).span),
      }));
    },
    this.recoverExpr,
  );

  /**
   * `[secretly] choose <mode> <options> [by chooser] [prompt text] [preview e] [for each p in seats]` (`for each` only with `secretly`), where
   * the mode is `one of`, `any of`, `up to n of`, `n of`, or `number from` (options then a range).
   */
  protected chooseExpression = this.RULE(
    'chooseExpression',
    (): Expr => {
      const secretly = this.OPTION(() => this.CONSUME(kw.secretly));
      const choose = this.CONSUME(kw.choose);
      const mode = this.chooseMode();
      const from = this.SUBRULE2(this.expression);
      const by = this.OPTION2(() => {
        this.CONSUME(kw.by);
        return this.SUBRULE3(this.expression);
      });
      const prompt = this.OPTION3(() => {
        this.CONSUME(kw.prompt);
        return this.SUBRULE4(this.expression);
      });
      // `preview` is an ordinary name elsewhere: on a line of its own, followed by `=`, `.`, `[` or
      // `(`, it starts the next statement (an assignment, member, index or call), not the clause.
      const preview = this.OPTION5({
        GATE: () => this.isNext(kw.preview) && (this.sameLine(this.LA(0), this.LA(1))
          || ![t.AssignOperator, t.Dot, t.LBracket, t.LParen].some((k) => this.isNext(k, 2))),
        DEF: () => {
          this.CONSUME(kw.preview);
          return this.SUBRULE7(this.expression);
        },
      });
      // Only secret choices take `for each` (one simultaneous choice per element): otherwise a
      // `for each` loop on the next line would be read as part of the choice.
      const each = this.OPTION4(
        gated(
          () => secretly !== undefined,
          () => {
            this.CONSUME(kw.for);
            this.CONSUME(kw.each);
            const binder = this.CONSUME(t.AnyName);
            this.CONSUME(kw.in);
            return { binder, source: this.SUBRULE5(this.expression) };
          },
        ),
      );
      return this.ACTION((): ChooseExpr => {
        const last = each?.source ?? preview ?? prompt ?? by ?? from;
        return {
          kind: 'choose',
          mode,
          from,
          by: by ?? null,
          prompt: prompt ?? null,
          preview: preview ?? null,
          secret: secretly !== undefined,
          each: each === undefined ? null : { binder: each.binder.image, binderSpan: this.tokenSpan(each.binder), source: each.source },
          span: this.spanFrom(secretly ?? choose, last.span),
        };
      });
    },
    this.recoverExpr,
  );

  /** The words between `choose` and the options. `one of` wins over a count named `one`. */
  private chooseMode(): ChooseMode {
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        alt(() => this.fixedMode(kw.one, { kind: 'one' }, 4)),
        alt(() => this.fixedMode(kw.any, { kind: 'any' }, 5)),
        alt(() => {
          this.CONSUME(kw.up);
          this.CONSUME(kw.to);
          const count = this.SUBRULE(this.expression);
          this.CONSUME2(kw.of);
          return { kind: 'up-to', count };
        }),
        alt(() => {
          this.CONSUME(kw.number);
          this.CONSUME(kw.from);
          return { kind: 'number' };
        }),
        alt(() => {
          const count = this.SUBRULE6(this.expression);
          this.CONSUME3(kw.of);
          return { kind: 'exactly', count };
        }),
      ],
    });
  }

  /** `one of` / `any of`; `idx` keeps each `of` a distinct occurrence for chevrotain. */
  private fixedMode(word: typeof kw.one, mode: ChooseMode, idx: number): ChooseMode {
    this.CONSUME(word);
    this.consume(idx, kw.of);
    return mode;
  }

  /** `roll on events`, `roll on results column odds shift -1` */
  protected rollOnExpression = this.RULE(
    'rollOnExpression',
    (): Expr => {
      const start = this.CONSUME(kw.roll);
      this.CONSUME(kw.on);
      const table: IToken = this.CONSUME(t.AnyName);
      const column = this.OPTION(() => {
        this.CONSUME(kw.column);
        return this.SUBRULE(this.expression);
      });
      const shift = this.OPTION2(() => {
        this.CONSUME(kw.shift);
        return this.SUBRULE2(this.expression);
      });
      return this.ACTION(() => ({
        kind: 'roll-on',
        table: table.image,
        tableSpan: this.tokenSpan(table),
        column: column ?? null,
        shift: shift ?? null,
        span: this.spanFrom(start, shift?.span ?? column?.span ?? table),
      }));
    },
    this.recoverExpr,
  );
}
