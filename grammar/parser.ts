/**
 * The rules parser: statements and blocks on top of the expression layers. One instance is built
 * (grammar analysis is costly) and reused for every parse; see parse.ts for the public API.
 *
 * Statements need no separators: each starts with a keyword or an assignment target / call, and
 * the previous one ends where it can no longer continue (as in Lua).
 */
import type { IOrAlt, IToken } from 'chevrotain';
import { EOF } from './chevrotain.ts';
import type { Expr, IfStmt, Script, Span, Stmt } from './ast.ts';
import { ActionsParser } from './parser-actions.ts';
import { alt, gated } from './parser-base.ts';
import { describeStray, describeToken } from './parser-errors.ts';
import * as t from './tokens.ts';
import { didYouMean } from './did-you-mean.ts';

const { kw } = t;

/** The keywords a statement starts with, for naming the one a misspelt first word meant. */
const STATEMENT_KEYWORDS = ['let', 'if', 'else', 'end', 'for', 'while', 'repeat', 'log', 'return', 'stop', 'draw', 'choose', 'shuffle', 'discard', 'put', 'remove', 'move', 'place', 'flip', 'reveal'];

export class RulesParser extends ActionsParser {
  constructor() {
    super();
    this.performSelfAnalysis();
  }

  /** A whole script. Its span is set by the caller, who knows the text length. */
  script = this.RULE(
    'script',
    (): Script => {
      const body = this.SUBRULE(this.block, { ARGS: [true] });
      // An explicit end of input puts EOF in every follow set, so a statement broken at the very
      // end of the text resynchronises there and the statements before it are kept.
      this.CONSUME(EOF);
      return this.ACTION(() => ({ kind: 'script', body, span: { start: 0, end: this.lastEnd() } }));
    },
    { recoveryValueFunc: (): Script => ({ kind: 'script', body: [], span: { start: 0, end: 0 } }) },
  );

  /** One expression and nothing after it. */
  expressionOnly = this.RULE(
    'expressionOnly',
    (): Expr => {
      const expr = this.SUBRULE(this.expression);
      this.ACTION(() => this.skipTrailing());
      return expr;
    },
    this.recoverExpr,
  );

  /**
   * Statements up to the end of the block (`end`, `else`, or the end of the text at top level).
   * A token that cannot start a statement is reported and skipped, and reading goes on.
   */
  private block = this.RULE(
    'block',
    (topLevel: boolean): Stmt[] =>
      this.nested('block', () => {
        const body: Stmt[] = [];
        try {
          let more = true;
          while (more) {
            this.MANY(
              gated(
                () => !this.atBlockEnd(topLevel) && !this.isStrayEnd(),
                () => {
                  const statement = this.SUBRULE(this.statement);
                  if (statement) body.push(statement);
                },
              ),
            );
            more = this.ACTION(() => !this.atBlockEnd(topLevel) && this.skipStrayToken((token) => describeStray(token, topLevel))) === true;
          }
        } catch (error) {
          // Whichever enclosing block recovers from this error keeps the statements read so far.
          this.partialBody = body;
          throw error;
        }
        return body;
      }),
    { recoveryValueFunc: (): Stmt[] => this.takePartialBody() },
  );

  private partialBody: Stmt[] = [];

  override reset(): void {
    super.reset();
    this.partialBody = [];
  }

  private takePartialBody(): Stmt[] {
    const body = this.partialBody;
    this.partialBody = [];
    return body;
  }

  /** Reports and skips whatever follows a complete expression, keeping the expression. */
  private skipTrailing(): void {
    const first = this.LA(1);
    if (first.tokenType === EOF) return;
    let last = first;
    while (this.LA(1).tokenType !== EOF) {
      last = this.LA(1);
      this.SKIP_TOKEN();
    }
    const assigns = first.tokenType === t.Equals;
    this.report(
      'unexpected-token',
      `unexpected ${describeToken(first)} after the end of the expression`,
      this.spanFrom(first, last),
      assigns
        ? '`=` assigns, which only a statement can do; to compare two values write `==`'
        : 'an expression is one value; join values with operators such as `+` or `and`',
    );
  }

  /** An `end` that does not start `end game`: it closes a block, or is stray at top level. */
  private isStrayEnd(): boolean {
    return this.isNext(kw.end) && !this.isNext(kw.game, 2);
  }

  private atBlockEnd(topLevel: boolean): boolean {
    if (this.isNext(EOF)) return true;
    if (topLevel) return false;
    return this.isNext(kw.else) || (this.isNext(kw.end) && !this.isNext(kw.game, 2));
  }

  /** Built once per parser: the alternatives use nothing but `this` (see `alt`, parser-base.ts). */
  private readonly statements: Array<IOrAlt<Stmt | null>> = [
    alt(() => this.SUBRULE(this.letStatement)),
    // An `if` here is a statement; `if` expressions start statements only inside parentheses.
    { ...alt(() => this.SUBRULE(this.ifStatement)), IGNORE_AMBIGUITIES: true },
    alt(() => this.SUBRULE(this.forEachStatement)),
    alt(() => this.SUBRULE(this.repeatStatement)),
    alt(() => this.SUBRULE(this.whileStatement)),
    alt(() => this.SUBRULE(this.logStatement)),
    alt(() => this.SUBRULE(this.returnStatement)),
    alt(() => this.SUBRULE(this.stopStatement)),
    alt(() => this.SUBRULE(this.shuffleStatement)),
    alt(() => this.SUBRULE(this.discardStatement)),
    alt(() => this.SUBRULE(this.putStatement)),
    alt(() => this.SUBRULE(this.removeStatement)),
    alt(() => this.SUBRULE(this.moveStatement)),
    alt(() => this.SUBRULE(this.placeStatement)),
    alt(() => this.SUBRULE(this.flipStatement)),
    alt(() => this.SUBRULE(this.revealStatement)),
    alt(() => this.SUBRULE(this.endGameStatement)),
    alt(() => this.SUBRULE(this.expressionStatement)),
  ];

  private statement = this.RULE('statement', (): Stmt | null => this.OR(this.statements), this.recoverStmt);

  /** `let x = e` */
  private letStatement = this.RULE(
    'letStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.let);
      const name = this.CONSUME(t.AnyName);
      this.CONSUME(t.Equals);
      const value = this.SUBRULE(this.expression);
      return this.ACTION(() => ({ kind: 'let', name: name.image, nameSpan: this.tokenSpan(name), value, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `target = e`, `target += e`, `target -= e`, or a call / draw / choice / roll on its own. */
  private expressionStatement = this.RULE(
    'expressionStatement',
    (): Stmt | null => {
      const target = this.SUBRULE(this.postfix);
      const assignment = this.OPTION(() => {
        // `x == 1` written as a statement is almost always a mistyped assignment: read it as one.
        const op = this.OR([alt(() => this.CONSUME(t.AssignOperator)), alt(() => this.CONSUME(t.EqualEqual))]);
        return { op, value: this.SUBRULE(this.expression) };
      });
      return this.ACTION(() => (assignment ? this.assignment(target, assignment.op, assignment.value) : this.bareExpression(target)));
    },
    this.recoverStmt,
  );

  private assignment(target: Expr, op: IToken, value: Expr): Stmt | null {
    const span: Span = { start: target.span.start, end: Math.max(value.span.end, target.span.end) };
    if (op.image === '==') {
      this.report('invalid-statement', '`==` compares two values; it does not change one', this.tokenSpan(op), 'to change a value write `x = 1`; to test one use `if x == 1 then … end`');
    }
    if (target.kind === 'name' || target.kind === 'member' || target.kind === 'index') {
      const assignOp = op.image === '==' ? '=' : (op.image as '=' | '+=' | '-=');
      return { kind: 'assign', op: assignOp, target, value, span };
    }
    this.report(
      'invalid-assignment-target',
      `cannot assign to this: only a name, \`a.b\` or \`a[i]\` can be on the left of \`${op.image}\``,
      target.span,
      'to declare a local, write `let x = …`',
    );
    return null;
  }

  private bareExpression(expr: Expr): Stmt | null {
    if (expr.kind === 'call' || expr.kind === 'draw' || expr.kind === 'choose' || expr.kind === 'roll-on' || expr.kind === 'dice') {
      return { kind: 'expr', expr, span: expr.span };
    }
    // A name alone where a statement starts, close to a statement's keyword: a typo of it. Say
    // so once, and not the errors the rest of its line gets from being read without it.
    const meant = expr.kind === 'name' ? didYouMean(expr.name, STATEMENT_KEYWORDS) : undefined;
    if (expr.kind === 'name' && meant !== undefined && meant !== expr.name) {
      this.report('invalid-statement', `\`${expr.name}\` is not a statement: did you mean \`${meant}\`?`, expr.span, `write \`${meant}\`; a statement starts with a keyword (\`let\`, \`if\`, \`return\`, …), an assignment or a call`);
      const lineEnd = this.text.slice(expr.span.end).search(/[\r\n]/);
      this.quiet.push({ start: expr.span.end, end: lineEnd < 0 ? this.text.length : expr.span.end + lineEnd });
      return null;
    }
    const what = expr.kind === 'name' && expr.name !== '' ? `\`${expr.name}\` on its own` : 'this value on its own';
    this.report('invalid-statement', `${what} does nothing`, expr.span, 'assign it (`x = …`, `let x = …`), or call a procedure (`f(x)`)');
    return null;
  }

  /** `if c then … else if c then … else … end` */
  private ifStatement = this.RULE(
    'ifStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.if);
      const branches: IfStmt['branches'] = [];
      const condition = this.condition(() => this.SUBRULE(this.expression));
      this.CONSUME(kw.then);
      branches.push({ condition, body: this.SUBRULE(this.block, { ARGS: [false] }) });
      // `else if` on one line continues the chain; `else` then `if` on the next line is a nested
      // `if` inside the `else` block, with its own `end` (designers write both).
      this.MANY(
        gated(
          () => this.sameLine(this.LA(1), this.LA(2)),
          () => {
            this.CONSUME(kw.else);
            this.CONSUME2(kw.if);
            const condition = this.condition(() => this.SUBRULE2(this.expression));
            this.CONSUME2(kw.then);
            branches.push({ condition, body: this.SUBRULE2(this.block, { ARGS: [false] }) });
          },
        ),
      );
      const otherwise = this.OPTION(() => {
        this.CONSUME2(kw.else);
        return this.SUBRULE3(this.block, { ARGS: [false] });
      });
      this.closeBlock(start, 'this `if` is never closed: add `end`', 'every `if … then` block ends with `end`');
      return this.ACTION(() => ({ kind: 'if', branches, else: otherwise ?? null, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** The `end` of a block; when it is missing, the diagnostic points at the keyword that opened it. */
  private closeBlock(opener: IToken, message: string, hint: string): void {
    const end = this.OPTION9(() => this.CONSUME9(kw.end));
    this.ACTION(() => {
      if (end === undefined) this.report('missing-token', message, this.tokenSpan(opener), hint);
    });
  }

  /** `for each u in units where cond do … end` */
  private forEachStatement = this.RULE(
    'forEachStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.for);
      this.CONSUME(kw.each);
      const binder = this.CONSUME(t.AnyName);
      this.CONSUME(kw.in);
      const source = this.SUBRULE(this.expression);
      const where = this.OPTION(() => {
        this.CONSUME(kw.where);
        return this.SUBRULE2(this.expression);
      });
      this.CONSUME(kw.do);
      const body = this.SUBRULE(this.block, { ARGS: [false] });
      this.closeBlock(start, 'this `for each` is never closed: add `end`', 'every `for each … do` block ends with `end`');
      return this.ACTION(() => ({
        kind: 'for-each',
        binder: binder.image,
        binderSpan: this.tokenSpan(binder),
        source,
        where: where ?? null,
        body,
        span: this.spanToHere(start),
      }));
    },
    this.recoverStmt,
  );

  /** `repeat n times … end` */
  private repeatStatement = this.RULE(
    'repeatStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.repeat);
      const count = this.SUBRULE(this.expression);
      this.CONSUME(kw.times);
      const body = this.SUBRULE(this.block, { ARGS: [false] });
      this.closeBlock(start, 'this `repeat` is never closed: add `end`', 'every `repeat … times` block ends with `end`');
      return this.ACTION(() => ({ kind: 'repeat', count, body, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `while cond max 100 do … end` */
  private whileStatement = this.RULE(
    'whileStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.while);
      const condition = this.condition(() => this.SUBRULE(this.expression));
      const limit = this.OPTION(() => {
        this.CONSUME(kw.max);
        return this.SUBRULE2(this.expression);
      });
      this.CONSUME(kw.do);
      const body = this.SUBRULE(this.block, { ARGS: [false] });
      this.closeBlock(start, 'this `while` is never closed: add `end`', 'every `while … do` block ends with `end`');
      return this.ACTION(() => ({ kind: 'while', condition, limit: limit ?? null, body, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `log "text {x}"` */
  private logStatement = this.RULE(
    'logStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.log);
      const message = this.SUBRULE(this.expression);
      return this.ACTION(() => ({ kind: 'log', message, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  /** `return` or `return e`: a value follows if the next token can start one. */
  private returnStatement = this.RULE(
    'returnStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.return);
      const value = this.OPTION(() => this.SUBRULE(this.expression));
      return this.ACTION(() => ({ kind: 'return', value: value ?? null, span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );

  private stopStatement = this.RULE(
    'stopStatement',
    (): Stmt | null => {
      const start = this.CONSUME(kw.stop);
      return this.ACTION(() => ({ kind: 'stop', span: this.spanToHere(start) }));
    },
    this.recoverStmt,
  );
}
