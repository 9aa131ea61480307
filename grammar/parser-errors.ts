/**
 * Syntax error messages in designers' words. chevrotain asks the errorMessageProvider for a message
 * when it records an error; the provider answers with the whole diagnostic (code, message, hint,
 * where to anchor it) encoded in that string, and `diagnosticFromError` decodes it. This keeps the
 * provider stateless while the exception keeps the tokens.
 */
import type { IParserErrorMessageProvider, IRecognitionException, IToken, TokenType } from 'chevrotain';
import { EOF } from './chevrotain.ts';
import type { ParseDiagnostic } from './parse.ts';
import { isReal, spanOfToken } from './parser-spans.ts';

/** Where the diagnostic goes: on the offending token, or on the token after which something is missing. */
type Anchor = 'actual' | 'previous';

interface Encoded {
  code: string;
  message: string;
  hint?: string;
  anchor: Anchor;
  /** What recovery makes of the rest of the line would only bury this one (parse.ts quiets it). */
  quiet?: true;
}

const MARK = '\u0000rulesmith:';

function encode(code: string, message: string, anchor: Anchor, hint?: string, quiet?: true): string {
  const value: Encoded = hint === undefined ? { code, message, anchor } : { code, message, anchor, hint };
  if (quiet) value.quiet = true;
  return MARK + JSON.stringify(value);
}

/** Diagnostics after which the rest of their line is not reported (parse.ts). */
export const quietsLine = new WeakSet<ParseDiagnostic>();

/** Quotes a token as the designer wrote it (shortened), or says "the end". */
export function describeToken(token: IToken | undefined): string {
  if (token === undefined || token.tokenType === EOF) return 'the end of the text';
  const image = token.image.length > 24 ? `${token.image.slice(0, 21)}…` : token.image;
  return `\`${image}\``;
}

const labelOf = (tokType: TokenType): string => tokType.LABEL ?? tokType.name;

/** For a token that does not belong where it is, when nothing more specific is known. */
const STRAY_HINT = 'remove it, or look just before it for a missing operator, bracket or keyword';

const EXPRESSION_HINT = 'an expression is a value such as 3, "text", a name, a call like f(x), or a roll like 2d6';

const closers: Record<string, [string, string]> = {
  RParen: ['`)`', '`(`'],
  RBracket: ['`]`', '`[`'],
  RBrace: ['`}`', '`{`'],
};

/** Messages for a missing token, by `<rule>:<expected token>`. */
const missingInRule: Record<string, [message: string, hint: string]> = {
  'ifStatement:kw_then': ['expected `then` after the condition of `if`', 'write `if <condition> then … end`'],
  'ifExpression:kw_then': ['expected `then` after the condition of `if`', 'write `if <condition> then a else b`'],
  'ifExpression:kw_else': [
    'an `if` expression needs an `else`',
    'write `if c then a else b`; to do something only when c holds, use an `if … then … end` statement',
  ],
  'forEachStatement:kw_each': ['expected `each` after `for`', 'write `for each u in list do … end`'],
  'forEachStatement:AnyName': ['expected the loop variable after `for each`', 'write `for each u in list do … end`'],
  'forEachStatement:kw_in': ['expected `in` after the loop variable of `for each`', 'write `for each u in list do … end`'],
  'forEachStatement:kw_do': ['expected `do` after the list of `for each`', 'write `for each u in list do … end`'],
  'whileStatement:kw_do': ['expected `do` after the condition of `while`', 'write `while <condition> max 100 do … end`'],
  'repeatStatement:kw_times': ['expected `times` after the count of `repeat`', 'write `repeat 3 times … end`'],
  'letStatement:AnyName': ['expected a name after `let`', 'write `let x = value`'],
  'letStatement:Equals': ['expected `=` after the name in `let`', 'write `let x = value`'],
  'record:Colon': ['expected `:` after the field name', 'write a record as `{ name: value, other: value }`'],
  'removeStatement:kw_game': ['expected `game` after `remove … from`', 'write `remove x from game` or `remove x to zone`'],
  'endGameStatement:kw_with': ['expected `with` after `end game`', 'write `end game with { winner: side }`'],
  'postfix:AnyWord': ['expected a property name after `.`', 'write `unit.cf`'],
  'postfix:RBracket': ['expected `]` to close `[`', 'write `list[1]` or `table[row, column shift 1]`'],
  'queryExpression:AnyName': ['expected a name for each element, as in `count u in units`', 'write `count u in units where u.ready`'],
  'queryExpression:kw_in': ['expected `in` after the element name', 'write `count u in units where u.ready`'],
  'aggregateExpression:kw_for': ['expected `for` after the value being combined', 'write `sum u.cf for u in units`'],
  'aggregateExpression:AnyName': ['expected a name for each element after `for`', 'write `sum u.cf for u in units`'],
  'aggregateExpression:kw_in': ['expected `in` after the element name', 'write `sum u.cf for u in units`'],
  'sortExpression:AnyName': ['expected a name for each element after `sort`', 'write `sort x in items by x.size`'],
  'sortExpression:kw_in': ['expected `in` after the element name', 'write `sort x in items by x.size`'],
  'sortExpression:kw_by': ['expected `by` and the sort key', 'write `sort x in items by x.size` (add `descending` for largest first)'],
  'drawExpression:kw_from': ['expected `from` and a deck after `draw`', 'write `draw from deck` or `draw 3 from deck into hand`'],
  'chooseExpression:kw_each': ['expected `each` after `for`', 'write `… for each p in players`'],
  'chooseExpression:AnyName': ['expected a name for each chooser', 'write `… for each p in players`'],
  'chooseExpression:kw_in': ['expected `in` after the chooser name', 'write `… for each p in players`'],
  'rollOnExpression:kw_on': ['expected `on` and a table after `roll`', 'write `roll on events`'],
  'rollOnExpression:AnyName': ['expected a table name after `roll on`', 'write `roll on events` or `roll on results column odds`'],
  'putStatement:kw_of': ['expected `of` and a deck', 'write `put card on top of deck` or `put card at bottom of deck`'],
  'moveStatement:kw_to': ['expected `to` and a destination after `move …`', 'write `move piece to area`'],
  'placeStatement:kw_in': ['expected `in` and an area after `place …`', 'write `place piece in area` or `place 2 of kind in area`'],
  'shuffleStatement:kw_discards': ['expected `discards` after `with`', 'write `shuffle deck with discards`'],
  'parenthesised:AnyName': ['expected the name of a die between `[` and `]`', 'write `(n)d[special]`'],
  'dice:AnyName': ['expected the name of a die between `[` and `]`', 'write `3d[special]`'],
};

/** Messages when no alternative fits, by rule. */
const noAlternative: Record<string, [message: string, hint: string]> = {
  putStatement: ['expected `on top of` or `at bottom of` after the card', 'write `put card on top of deck` or `put card at bottom of deck`'],
  removeStatement: ['expected `from game` or `to …` after what is removed', 'write `remove x from game` or `remove x to zone`'],
  expressionStatement: ['expected `=`, `+=` or `-=`', 'write `x = value`, or call a procedure: `f(x)`'],
};

export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous, ruleName }) {
    if (expected === EOF) return encode('unexpected-token', `unexpected ${describeToken(actual)}`, 'actual', STRAY_HINT);
    const closer = closers[expected.name];
    if (closer !== undefined) {
      return encode('missing-token', `expected ${closer[0]} to close ${closer[1]}`, 'previous', `every ${closer[1]} needs a matching ${closer[0]}`);
    }
    // A name written where a name goes, but it is a word of the language (`let column = …`).
    if (expected.name === 'AnyName' && actual.tokenType.name.startsWith('kw_')) {
      return encode('keyword-as-name', `${describeToken(actual)} is a word of the rules language, so it cannot be a name here`, 'actual', `choose another name (for example \`${actual.image}_\` or a longer word)`);
    }
    // `let d2 = …`: a d and a number read as a roll wherever they stand.
    if (expected.name === 'AnyName' && actual.tokenType.name === 'DiceRoll') {
      return encode('keyword-as-name', `${describeToken(actual)} reads as a roll of dice, so it cannot be a name here`, 'actual', `choose another name (for example \`${actual.image}_\` or a longer word)`);
    }
    const known = missingInRule[`${ruleName}:${expected.name}`];
    if (known !== undefined) return encode('missing-token', known[0], 'previous', known[1]);
    const where = isReal(previous) ? ` after ${describeToken(previous)}` : '';
    return encode('missing-token', `expected ${labelOf(expected)}${where}`, 'previous', `add ${labelOf(expected)} here; the syntax reference (docs/language.md) shows the whole form`);
  },

  buildNoViableAltMessage({ actual, previous, ruleName }) {
    const next = actual[0];
    if (ruleName === 'primary' || ruleName === 'expression') {
      const where = isReal(previous) ? ` after ${describeToken(previous)}` : '';
      return encode('missing-expression', `expected an expression${where}`, 'previous', EXPRESSION_HINT);
    }
    const known = noAlternative[ruleName];
    if (known !== undefined) return encode('syntax-error', known[0], 'previous', known[1]);
    if (ruleName === 'chooseExpression') {
      // `choose a number from 0..3`, as one says it (a count that is a name would have parsed).
      if (next !== undefined && /^an?$/.test(next.image)) {
        return encode('syntax-error', `\`choose\` takes no \`${next.image}\``, 'actual', 'drop it: `choose number from 0..3`, `choose one of options`', true);
      }
      return encode(
        'syntax-error',
        'expected `one of`, `any of`, `up to … of`, `number from` or a count after `choose`',
        'previous',
        'write e.g. `choose one of options by player` or `choose 2 of cards`',
        true,
      );
    }
    if (next === undefined || next.tokenType === EOF) {
      return encode('missing-token', 'the text ends too early', 'previous', 'something is missing at the end; compare with the examples in the syntax reference');
    }
    return encode('unexpected-token', `unexpected ${describeToken(next)}`, 'actual', STRAY_HINT);
  },

  buildEarlyExitMessage({ actual }) {
    return encode('syntax-error', `unexpected ${describeToken(actual[0])}`, 'actual', STRAY_HINT);
  },

  buildNotAllInputParsedMessage({ firstRedundant }) {
    return encode(
      'unexpected-token',
      `unexpected ${describeToken(firstRedundant)} after the end of the expression`,
      'actual',
      'an expression is one value; join values with operators such as `+` or `and`',
    );
  },
};

/** Turns a chevrotain recognition error into a diagnostic. */
export function diagnosticFromError(error: IRecognitionException): ParseDiagnostic {
  const decoded = decode(error.message);
  const previous = (error as { previousToken?: IToken }).previousToken;
  const primary = decoded.anchor === 'previous' ? previous : error.token;
  const fallback = decoded.anchor === 'previous' ? error.token : previous;
  const anchor = isReal(primary) ? primary : isReal(fallback) ? fallback : undefined;
  const span = anchor === undefined ? { start: 0, end: 0 } : spanOfToken(anchor);
  const diagnostic: ParseDiagnostic = { severity: 'error', code: decoded.code, message: decoded.message, span };
  if (decoded.hint !== undefined) diagnostic.hint = decoded.hint;
  if (decoded.quiet) quietsLine.add(diagnostic);
  return diagnostic;
}

function decode(message: string): Encoded {
  if (message.startsWith(MARK)) {
    try {
      return JSON.parse(message.slice(MARK.length)) as Encoded;
    } catch {
      // fall through: a message we did not build
    }
  }
  return { code: 'syntax-error', message, anchor: 'actual', hint: STRAY_HINT };
}

const STATEMENT_HINT =
  'a statement starts with a keyword (`let`, `if`, `for each`, `log`, …), an assignment (`x = …`) or a call (`f(x)`)';

/** Message and hint for a token that cannot start a statement where one was expected. */
export function describeStray(token: IToken, topLevel: boolean): { message: string; hint: string } {
  const seen = describeToken(token);
  switch (token.image) {
    case 'end':
      return topLevel
        ? { message: 'unexpected `end`: there is no open block to close', hint: 'remove it, or check the `if`, `for each`, `while` or `repeat` it was meant to close' }
        : { message: 'unexpected `end`', hint: STATEMENT_HINT };
    case 'else':
      return { message: 'unexpected `else`: it belongs inside an `if … then … end`', hint: 'check the `if` and its `then` above' };
    case '==':
      return { message: 'unexpected `==`', hint: 'to change a value write `x = 1`; to test one use `if x == 1 then … end`' };
    case ')':
    case ']':
    case '}':
      return { message: `unexpected ${seen}: there is nothing to close`, hint: 'remove it, or add the opening bracket it belongs to' };
    default:
      return { message: `unexpected ${seen}`, hint: STATEMENT_HINT };
  }
}
