/**
 * Literal values: numbers and open ranges, strings, `true`/`false`/`none`, lists, records and dice.
 * The expressions inside lists and records come from the layer above (parser-expressions.ts).
 */
import type { IToken, ParserMethod } from 'chevrotain';
import type { DiceExpr, Expr, NumberLit, RecordField, Span } from './ast.ts';
import { alt, gated, ParserBase } from './parser-base.ts';
import * as t from './tokens.ts';

const { kw } = t;

export abstract class LiteralsParser extends ParserBase {
  abstract expression: ParserMethod<[noIn?: boolean], Expr>;

  protected readonly recoverExpr = { recoveryValueFunc: (): Expr => this.missing() };

  /** `expr, expr, …` (possibly empty) up to, not including, `close`. */
  protected commaList(idx: number, close: typeof t.RParen): Expr[] {
    const items: Expr[] = [];
    this.option(
      idx,
      gated(
        () => !this.isNext(close),
        () => {
          items.push(this.subrule(idx * 10, this.expression));
          this.many(idx, () => {
            this.consume(idx, t.Comma);
            items.push(this.subrule(idx * 10 + 1, this.expression));
          });
        },
      ),
    );
    return items;
  }

  protected numberLiteral = this.RULE(
    'numberLiteral',
    (): Expr =>
      this.OR([
        alt(() => {
          const token = this.CONSUME(t.NumberLiteral);
          return this.ACTION(() => this.numberFrom(token));
        }),
        alt(() => {
          const token = this.CONSUME(t.OpenRange);
          return this.ACTION(() => this.openRangeFrom(token));
        }),
        alt(() => {
          const bad = this.CONSUME(t.BadNumber);
          return this.ACTION(() => {
            const dice = /^\d+(?:\.\d+)?[dD]\d+$/.test(bad.image);
            const hint = dice ? 'write dice as a whole count, a lower-case d, then the sides: `2d6`' : 'put a space or an operator between a number and a name';
            this.report('invalid-number', `\`${bad.image}\` is not a number`, this.tokenSpan(bad), hint);
            return this.numberFrom(bad);
          });
        }),
      ]),
    this.recoverExpr,
  );

  protected numberFrom(token: IToken, image = token.image, span: Span = this.tokenSpan(token)): NumberLit {
    const value = Number.parseFloat(image);
    if (!Number.isSafeInteger(Math.trunc(value))) {
      this.report('invalid-number', `\`${image}\` is too large`, span, `numbers must stay below ${Number.MAX_SAFE_INTEGER}`);
    }
    return { kind: 'number', value, span };
  }

  protected openRangeFrom(token: IToken): Expr {
    const image = token.image.slice(0, -1);
    const from = this.numberFrom(token, image, { start: token.startOffset, end: token.startOffset + image.length });
    return { kind: 'range', from, to: null, span: this.tokenSpan(token) };
  }

  protected stringLiteral = this.RULE(
    'stringLiteral',
    (): Expr => {
      const token = this.CONSUME(t.StringLiteral);
      return this.ACTION(() => {
        const node = { kind: 'string' as const, parts: [], span: this.tokenSpan(token) };
        this.strings.push({ node, token });
        return node;
      });
    },
    this.recoverExpr,
  );

  protected literalWord(): Expr {
    const token = this.OR1([
      alt(() => this.CONSUME(kw.true)),
      alt(() => this.CONSUME(kw.false)),
      alt(() => this.CONSUME(kw.none)),
    ]);
    return this.ACTION(() => {
      const span = this.tokenSpan(token);
      return token.image === 'none' ? { kind: 'none', span } : { kind: 'bool', value: token.image === 'true', span };
    });
  }

  protected listLiteral = this.RULE(
    'listLiteral',
    (): Expr => {
      const open = this.CONSUME(t.LBracket);
      const items = this.commaList(2, t.RBracket);
      const close = this.CONSUME(t.RBracket);
      return this.ACTION(() => ({ kind: 'list', items, span: this.spanFrom(open, close) }));
    },
    this.recoverExpr,
  );

  protected recordLiteral = this.RULE(
    'recordLiteral',
    (): Expr => {
      const open = this.CONSUME(t.LBrace);
      const fields: RecordField[] = [];
      this.MANY_SEP({
        SEP: t.Comma,
        DEF: () => {
          // A field recovery gave up on (`{ a: , b: 1 }`) has no key to keep: left out, not a hole.
          const field = this.SUBRULE(this.record);
          if (field) fields.push(field);
        },
      });
      const close = this.CONSUME(t.RBrace);
      return this.ACTION(() => ({ kind: 'record', fields, span: this.spanFrom(open, close) }));
    },
    this.recoverExpr,
  );

  /** One `name: value` field (the rule is named for the messages: "expected `:` after the field name"). */
  protected record = this.RULE('record', (): RecordField => {
    const key = this.CONSUME(t.AnyWord);
    this.CONSUME(t.Colon);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ key: key.image, keySpan: this.tokenSpan(key), value }));
  });

  protected dieName(): { name: IToken; close: IToken } {
    this.CONSUME(t.LBracket);
    const name = this.CONSUME(t.AnyName);
    const close = this.CONSUME(t.RBracket);
    return { name, close };
  }

  /** `2d6`, `d6`, `d66`, `3d[name]`. */
  protected dice = this.RULE(
    'dice',
    (): Expr =>
      this.OR([
        alt(() => {
          const token = this.CONSUME(t.DiceRoll);
          return this.ACTION(() => this.diceFrom(token));
        }),
        alt(() => {
          const count = this.CONSUME(t.NamedDice);
          const { name, close } = this.dieName();
          return this.ACTION((): DiceExpr => ({
            kind: 'dice',
            count: this.diceCount(count, count.image.slice(0, -1)),
            die: { named: name.image, span: this.tokenSpan(name) },
            span: this.spanFrom(count, close),
          }));
        }),
      ]),
    this.recoverExpr,
  );

  protected diceFrom(token: IToken): DiceExpr {
    const [countText = '', sidesText = ''] = token.image.split('d');
    const sides = Number.parseInt(sidesText, 10);
    if (sides < 1) this.report('invalid-number', `\`${token.image}\`: a die needs at least one side`, this.tokenSpan(token), 'write e.g. `d6`');
    const die = sidesText === '66' ? { d66: true as const } : { sides };
    return { kind: 'dice', count: this.diceCount(token, countText), die, span: this.tokenSpan(token) };
  }

  /** The count written before `d` (`2` in `2d6`), or an implicit 1, zero-width before the `d`. */
  protected diceCount(token: IToken, countText: string): NumberLit {
    if (countText === '') return { kind: 'number', value: 1, span: { start: token.startOffset, end: token.startOffset } };
    const span = { start: token.startOffset, end: token.startOffset + countText.length };
    const count = this.numberFrom(token, countText, span);
    if (count.value < 1) this.report('invalid-number', `\`${token.image}\` rolls no dice`, span, 'roll at least one die, e.g. `1d6`');
    return count;
  }
}
