/**
 * Expression rules: operators, postfix chains, names and calls, parenthesised counts of dice, `if`
 * expressions (literals are in parser-literals.ts).
 * The keyword forms (queries, aggregates, choices…) are declared here and defined in
 * parser-forms.ts, which builds on this class.
 */
import { EOF, tokenMatcher, type IToken, type OrMethodOpts, type ParserMethod } from 'chevrotain';
import type { DiceExpr, Expr } from './ast.ts';
import { alt, gated } from './parser-base.ts';
import { LiteralsParser } from './parser-literals.ts';
import { resolvePrecedence, type OperandItem } from './parser-precedence.ts';
import { tokenEnd } from './parser-spans.ts';
import * as t from './tokens.ts';

const { kw } = t;

/** Tokens after `min`/`max` that make it an aggregate (`max u.cf for u in …`) rather than a name. */
const AGGREGATE_VALUE_START = [
  t.AnyName, t.NumberLiteral, t.DiceRoll, t.NamedDice, t.StringLiteral, t.LBrace,
  kw.true, kw.false, kw.none, kw.not, kw.if, kw.select, kw.sum, kw.sort, kw.draw, kw.choose, kw.secretly,
];

export abstract class ExpressionParser extends LiteralsParser {
  protected abstract queryExpression: ParserMethod<[], Expr>;
  protected abstract aggregateExpression: ParserMethod<[], Expr>;
  protected abstract sortExpression: ParserMethod<[], Expr>;
  protected abstract drawExpression: ParserMethod<[], Expr>;
  protected abstract chooseExpression: ParserMethod<[], Expr>;
  protected abstract rollOnExpression: ParserMethod<[], Expr>;

  /**
   * A full expression. `noIn` stops before a top-level `in` (`place piece in area`).
   *
   * `if … then … else …` binds loosest of all, so it is a whole expression and never an operand:
   * `1 + if a then 2 else 3` needs parentheses. Besides matching the documented precedence, this
   * keeps `x = 1 +` followed on the next line by an `if` statement an error about the `+`.
   */
  expression = this.RULE(
    'expression',
    (noIn?: boolean): Expr => this.nested('expression', () => this.OR(this.expressionAlternatives[noIn === true ? 1 : 0]!)),
    this.recoverExpr,
  );

  /** Built once per parser, a list for each value of `noIn` (see `alt`, parser-base.ts). */
  private readonly expressionAlternatives = [false, true].map((noIn) => [
    alt(() => this.SUBRULE(this.ifExpression)),
    alt(() => this.SUBRULE(this.binary, { ARGS: [noIn] })),
  ]);

  private binary = this.RULE(
    'binary',
    (noIn: boolean): Expr => {
      const operands: OperandItem[] = [this.readOperand(1)];
      const operators: IToken[] = [];
      this.MANY(
        gated(
          // A lone `=` ends the expression (`x = 1` assigns), except in a condition (`inCondition`).
          () => !(noIn && this.isNext(kw.in)) && (this.inCondition > 0 || !this.isNext(t.Equals)),
          () => {
            operators.push(this.OR(this.operatorAlternatives));
            operands.push(this.readOperand(2));
          },
        ),
      );
      return this.ACTION(() => {
        const { expr, problems } = resolvePrecedence(operands, operators);
        this.problems.push(...problems);
        return expr;
      });
    },
    this.recoverExpr,
  );

  /**
   * An operator, or in a condition a lone `=`: `if r = 3 then` is read as `r == 3` with one problem
   * on the `=`, instead of a `then` missing and the rest of the line read as statements.
   */
  private readonly operatorAlternatives = [
    alt((): IToken => this.CONSUME(t.BinaryOperator)),
    alt((): IToken => {
      const eq = this.CONSUME(t.Equals);
      return this.ACTION(() => {
        this.report('assignment-in-condition', '`=` sets a value; to compare two values write `==`', this.tokenSpan(eq), 'write `==` here, as in `if r == 3 then`');
        return { ...eq, image: '==' };
      });
    }),
    alt((): IToken => this.foreignOperator(this.CONSUME(t.AndAnd), 'and')),
    alt((): IToken => this.foreignOperator(this.CONSUME(t.OrOr), 'or')),
  ];

  /** `&&` / `||` from other languages: one problem, then read as the word, so nothing follows on. */
  private foreignOperator(op: IToken, word: 'and' | 'or'): IToken {
    return this.ACTION(() => {
      this.report('foreign-operator', `\`${op.image}\` is written \`${word}\` in the rules language`, this.tokenSpan(op), `write \`${word}\`, as in \`if a ${word} b then\``);
      return { ...op, image: word };
    });
  }

  private readOperand(idx: number): OperandItem {
    const prefixes: IToken[] = [];
    this.many(idx, () => {
      prefixes.push(this.consume(idx, t.PrefixOperator));
    });
    return { prefixes, expr: this.subrule(idx, this.postfix) };
  }

  /** A value followed by `.member` and `[keys]` (indexing, table lookup with an optional `shift`). */
  postfix = this.RULE(
    'postfix',
    (): Expr => {
      let expr = this.SUBRULE(this.primary);
      this.MANY(() => {
        this.OR([
          alt(() => {
            this.CONSUME(t.Dot);
            const name = this.CONSUME(t.AnyWord);
            this.ACTION(() => {
              expr = { kind: 'member', object: expr, property: name.image, propertySpan: this.tokenSpan(name), span: this.spanFrom(expr.span, name) };
            });
          }),
          alt(() => {
            const open = this.CONSUME(t.LBracket);
            const keys = this.commaList(1, t.RBracket);
            const shift = this.OPTION(() => {
              this.CONSUME(kw.shift);
              return this.SUBRULE(this.expression);
            });
            const close = this.CONSUME(t.RBracket);
            this.ACTION(() => {
              if (keys.length === 0) this.report('missing-expression', 'expected a key between `[` and `]`', this.spanFrom(open, close), 'write `list[1]` or `table[row, column]`');
              expr = { kind: 'index', object: expr, keys, shift: shift ?? null, span: this.spanFrom(expr.span, close) };
            });
          }),
        ]);
      });
      return expr;
    },
    this.recoverExpr,
  );

  /** Built once per parser: the alternatives use nothing but `this` (see `alt`, parser-base.ts). */
  private readonly primaries: OrMethodOpts<Expr> = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      alt(() => this.SUBRULE(this.numberLiteral)),
      alt(() => this.SUBRULE(this.stringLiteral)),
      alt(() => this.literalWord()),
      alt(() => this.SUBRULE(this.listLiteral)),
      alt(() => this.SUBRULE(this.recordLiteral)),
      alt(() => this.SUBRULE(this.parenthesised)),
      alt(() => this.SUBRULE(this.dice)),
      alt(() => this.SUBRULE(this.rollOnExpression), () => this.isRollOn()),
      alt(() => this.SUBRULE(this.queryExpression), () => this.isQuery()),
      alt(() => this.SUBRULE(this.aggregateExpression), () => this.isAggregate()),
      alt(() => this.SUBRULE(this.sortExpression)),
      alt(() => this.SUBRULE(this.drawExpression)),
      alt(() => this.SUBRULE(this.chooseExpression)),
      alt(() => this.SUBRULE(this.nameOrCall)),
    ],
  };

  private primary = this.RULE('primary', (): Expr => this.OR(this.primaries), this.recoverExpr);

  private isRollOn(): boolean {
    return this.isNext(kw.roll) && this.isNext(kw.on, 2) && !(this.isNext(kw.top, 3) && this.isNext(kw.of, 4));
  }

  /** `count u in …` (a binder then `in`); `count` alone, or `count + 1`, is a name. */
  private isQuery(): boolean {
    return this.isNext(kw.select) || (this.isNext(t.AnyName, 2) && this.isNext(kw.in, 3));
  }

  /**
   * `max u.cf for …`; but `max(a, b)`, `max - 1`, `max[i]` and a lone `max` are names.
   * chevrotain asks this gate before matching the alternative's first token, at every operand:
   * anything but `min`/`max` is answered without looking further ahead.
   */
  private isAggregate(): boolean {
    if (this.isNext(kw.sum)) return true;
    if (!this.isNext(kw.min) && !this.isNext(kw.max)) return false;
    return AGGREGATE_VALUE_START.some((type) => this.isNext(type, 2)) || this.isBracketedValueThenFor();
  }

  /**
   * `max (count c in cs where …) for k in kinds`: a bracketed value, then `for`, is the aggregate,
   * not the function `max(…)` (a euro designer's walk wrote it so and got three errors about
   * `for each` loops); `max(a, b)` then a `for each` statement on the next line stays a call.
   * Looked up to the matching `)`, at most 256 tokens on.
   */
  private isBracketedValueThenFor(): boolean {
    if (!this.isNext(t.LParen, 2)) return false;
    for (let k = 3, depth = 1; k < 259; k++) {
      const next = this.LA(k);
      if (tokenMatcher(next, EOF)) return false;
      if (tokenMatcher(next, t.LParen)) depth++;
      else if (tokenMatcher(next, t.RParen) && --depth === 0) return this.isNext(kw.for, k + 1) && this.isNext(t.AnyName, k + 2) && this.isNext(kw.in, k + 3);
    }
    return false;
  }

  /**
   * `(expr)`, whose span is widened to include the parentheses, or `(expr)d6` / `(expr)d[name]`:
   * dice counted by the expression, written right after the `)`.
   */
  private parenthesised = this.RULE(
    'parenthesised',
    (): Expr => {
      const open = this.CONSUME(t.LParen);
      const inner = this.SUBRULE(this.expression);
      const close = this.CONSUME(t.RParen);
      const grouped = this.ACTION((): Expr => ({ ...inner, span: this.spanFrom(open, close) }));
      const dice = this.OPTION(
        gated(
          () => this.LA(1).startOffset === tokenEnd(close) && this.isCountlessDie(),
          () => this.dieAfterCount(grouped),
        ),
      );
      return dice ?? grouped;
    },
    this.recoverExpr,
  );

  /** `d6` with no count of its own, or the name `d` followed by `[` (`d[name]`). */
  private isCountlessDie(): boolean {
    const next = this.LA(1);
    if (this.isNext(t.DiceRoll)) return next.image.startsWith('d');
    return this.isNext(t.Identifier) && next.image === 'd' && this.isNext(t.LBracket, 2);
  }

  private dieAfterCount(count: Expr): Expr {
    return this.OR2([
      alt(() => {
        const die = this.CONSUME2(t.DiceRoll);
        return this.ACTION(() => ({ ...this.diceFrom(die), count, span: this.spanFrom(count.span, die) }));
      }),
      alt(() => {
        this.CONSUME(t.Identifier);
        const { name, close } = this.dieName();
        return this.ACTION((): DiceExpr => ({ kind: 'dice', count, die: { named: name.image, span: this.tokenSpan(name) }, span: this.spanFrom(count.span, close) }));
      }),
    ]);
  }

  /** `name` or `name(args)`. */
  private nameOrCall = this.RULE(
    'nameOrCall',
    (): Expr => {
      const name = this.CONSUME(t.AnyName);
      const call = this.OPTION(() => {
        this.CONSUME(t.LParen);
        const args = this.commaList(3, t.RParen);
        const close = this.CONSUME(t.RParen);
        return { args, close };
      });
      return this.ACTION((): Expr => {
        const span = this.tokenSpan(name);
        if (call === undefined) return { kind: 'name', name: name.image, span };
        return { kind: 'call', callee: name.image, calleeSpan: span, args: call.args, span: this.spanFrom(name, call.close) };
      });
    },
    this.recoverExpr,
  );

  /** `if c then a else b`, with `else if` chains read in a loop rather than by recursion. */
  private ifExpression = this.RULE(
    'ifExpression',
    (): Expr => {
      const branches: Array<{ start: IToken; condition: Expr; then: Expr }> = [];
      const start = this.CONSUME(kw.if);
      const condition = this.condition(() => this.SUBRULE(this.expression));
      this.CONSUME(kw.then);
      branches.push({ start, condition, then: this.SUBRULE2(this.expression) });
      this.MANY(() => {
        this.CONSUME(kw.else);
        const start = this.CONSUME2(kw.if);
        const condition = this.condition(() => this.SUBRULE3(this.expression));
        this.CONSUME2(kw.then);
        branches.push({ start, condition, then: this.SUBRULE4(this.expression) });
      });
      this.CONSUME2(kw.else);
      const otherwise = this.SUBRULE5(this.expression);
      return this.ACTION(() =>
        branches.reduceRight<Expr>(
          (rest, branch) => ({ kind: 'if-expr', condition: branch.condition, then: branch.then, else: rest, span: this.spanFrom(branch.start, rest.span) }),
          otherwise,
        ),
      );
    },
    this.recoverExpr,
  );
}
