/**
 * Operator precedence. The grammar reads an expression as a flat run `operand (op operand)*`, each
 * operand with its prefix operators, and this module builds the tree with a shunting-yard pass:
 * one grammar rule instead of one per precedence level keeps the parser's recursion (and the
 * JavaScript stack it needs per nesting level) small, and the pass itself never recurses.
 */
import type { IToken } from 'chevrotain';
import type { BinaryOp, Expr, Span } from './ast.ts';
import type { ParseDiagnostic } from './parse.ts';
import { joinSpans, spanOfToken } from './parser-spans.ts';

/** An operand as read: prefix operator tokens (`-`, `+`, `not`) in source order, then the value. */
export interface OperandItem {
  prefixes: IToken[];
  expr: Expr;
}

/** Binding strength, loosest first. `not` (a prefix) sits between `and` and the comparisons. */
const PRECEDENCE: Readonly<Record<string, number>> = {
  or: 1,
  and: 2,
  '==': 4, '!=': 4, '<': 4, '<=': 4, '>': 4, '>=': 4, in: 4,
  '..': 5,
  '+': 6, '-': 6,
  '*': 7, '/': 7, mod: 7,
};
const NOT_PRECEDENCE = 3;
/** Comparisons and ranges do not chain: `a < b < c` and `1..2..3` are reported. */
const NON_ASSOCIATIVE: ReadonlySet<number> = new Set([4, 5]);

type Pending = { kind: 'binary'; token: IToken; precedence: number } | { kind: 'prefix'; token: IToken };

const precedenceOf = (entry: Pending): number => (entry.kind === 'binary' ? entry.precedence : NOT_PRECEDENCE);

/** Builds the expression tree for `operands[0] operators[0] operands[1] …`. */
export function resolvePrecedence(
  operands: readonly OperandItem[],
  operators: readonly IToken[],
): { expr: Expr; problems: ParseDiagnostic[] } {
  const problems: ParseDiagnostic[] = [];
  const single = operands[0];
  // Most operands stand alone (`x`, `f(a)`): nothing to order.
  if (operators.length === 0 && single !== undefined && single.prefixes.length === 0) return { expr: single.expr, problems };
  const output: Expr[] = [];
  const pending: Pending[] = [];
  operands.forEach((item, i) => {
    pushOperand(item, output, pending);
    const token = operators[i];
    if (token === undefined) return;
    const precedence = PRECEDENCE[token.image] ?? 0;
    for (let top = pending[pending.length - 1]; top !== undefined; top = pending[pending.length - 1]) {
      const topPrecedence = precedenceOf(top);
      if (topPrecedence < precedence) break;
      if (topPrecedence === precedence && NON_ASSOCIATIVE.has(precedence)) problems.push(chained(token));
      reduce(output, pending);
    }
    pending.push({ kind: 'binary', token, precedence });
  });
  while (pending.length > 0) reduce(output, pending);
  return { expr: output[0] as Expr, problems };
}

/** Applies the operator on top of `pending` to the values on top of `output`. */
function reduce(output: Expr[], pending: Pending[]): void {
  const entry = pending.pop() as Pending;
  if (entry.kind === 'prefix') output.push(prefixNode(entry.token, output.pop() as Expr));
  else {
    const right = output.pop() as Expr;
    output.push(binaryNode(entry.token, output.pop() as Expr, right));
  }
}

/**
 * `-` and `+` right before the value bind tighter than anything; `not` (and whatever precedes
 * it) waits on the operator stack, so `not a == b` reads as `not (a == b)`.
 */
function pushOperand(item: OperandItem, output: Expr[], pending: Pending[]): void {
  let lastNot = -1;
  item.prefixes.forEach((token, i) => {
    if (token.image === 'not') lastNot = i;
  });
  let value = item.expr;
  for (let i = item.prefixes.length - 1; i > lastNot; i--) value = prefixNode(item.prefixes[i] as IToken, value);
  for (let i = 0; i <= lastNot; i++) pending.push({ kind: 'prefix', token: item.prefixes[i] as IToken });
  output.push(value);
}

/** `-2` folds into the number; unary `+` only widens its operand's span (`+2d6` in table cells). */
function prefixNode(token: IToken, operand: Expr): Expr {
  const span: Span = joinSpans(spanOfToken(token), operand.span);
  if (token.image === '+') return { ...operand, span };
  if (token.image === '-' && operand.kind === 'number') return { kind: 'number', value: -operand.value, span };
  return { kind: 'unary', op: token.image === 'not' ? 'not' : '-', operand, span };
}

function binaryNode(token: IToken, left: Expr, right: Expr): Expr {
  const span = joinSpans(left.span, right.span);
  if (token.image === '..') return { kind: 'range', from: left, to: right, span };
  return { kind: 'binary', op: token.image as BinaryOp, left, right, span };
}

function chained(token: IToken): ParseDiagnostic {
  const range = token.image === '..';
  return {
    severity: 'error',
    code: 'chained-comparison',
    message: range ? 'a range has a single `..`' : `comparisons cannot be chained: a second \`${token.image}\` here`,
    span: spanOfToken(token),
    hint: range ? 'write a range as `low..high`' : 'combine two comparisons with `and`: `a < b and b < c`',
  };
}
