import { describe, expect, test } from 'vitest';
import { parseExpression, parseScript } from '../../grammar/parse.ts';
import { expectWellFormed, problems, shape } from './helpers.ts';
import { holeIn } from '../fuzz/pipeline.ts';

/** The diagnostics of a script, as `{ code, at, message }` with the text each points at. */
function scriptProblems(text: string) {
  const result = parseScript(text);
  expectWellFormed(result.diagnostics, text.length);
  return problems(text, result.diagnostics);
}

function expressionProblems(text: string) {
  const result = parseExpression(text);
  expectWellFormed(result.diagnostics, text.length);
  return problems(text, result.diagnostics);
}

describe('parser diagnostics: missing tokens', () => {
  test('a missing then should be reported after the condition of if', () => {
    expect(scriptProblems('if x > 3\n  y = 1\nend')).toEqual([
      { code: 'missing-token', at: '3', message: 'expected `then` after the condition of `if`' },
    ]);
  });

  test('a lone `=` in a condition should be one problem on the `=`, read as `==`', () => {
    const eq = { code: 'assignment-in-condition', at: '=', message: '`=` sets a value; to compare two values write `==`' };
    // It was a missing `then`, the rest of the line read as statements, and an `end` with nothing to close.
    expect(scriptProblems('if r = 3 or r == 4 then\n  log "x"\nend')).toEqual([eq]);
    expect(scriptProblems('if a then\n  x = 1\nelse if b = 2 then\n  x = 2\nend')).toEqual([eq]);
    expect(scriptProblems('while n = 0 max 5 do\n  n += 1\nend')).toEqual([eq]);
    expect(scriptProblems('let y = if x = 1 then 2 else 3')).toEqual([eq]);
    const read = parseScript('if r = 3 then\n  log "x"\nend').ast.body[0] as unknown as { branches: Array<{ condition: unknown }> };
    expect(shape(read.branches[0]!.condition)).toEqual(shape(parseExpression('r == 3').ast));
    // Outside a condition `=` still assigns, also in the body of an `if`.
    expect(scriptProblems('if a == 1 then x = 2 end\nx = 3\nlet z = 4')).toEqual([]);
  });

  test('an if never closed should point at the if and ask for end', () => {
    expect(scriptProblems('if x then\n  y = 1')).toEqual([{ code: 'missing-token', at: 'if', message: 'this `if` is never closed: add `end`' }]);
  });

  test('loops never closed should name the loop', () => {
    expect(scriptProblems('for each u in s do flip u')[0]).toMatchObject({ at: 'for', message: 'this `for each` is never closed: add `end`' });
    expect(scriptProblems('while a do x = 1')[0]).toMatchObject({ at: 'while', message: 'this `while` is never closed: add `end`' });
    expect(scriptProblems('repeat 2 times x = 1')[0]).toMatchObject({ at: 'repeat', message: 'this `repeat` is never closed: add `end`' });
  });

  test('missing do, times, each and = should each have their own message', () => {
    expect(scriptProblems('for each u in units x = 1 end')[0]).toMatchObject({ code: 'missing-token', message: 'expected `do` after the list of `for each`' });
    expect(scriptProblems('while x y() end')[0]).toMatchObject({ message: 'expected `do` after the condition of `while`' });
    expect(scriptProblems('repeat 3 x = 1 end')[0]).toMatchObject({ message: 'expected `times` after the count of `repeat`' });
    expect(scriptProblems('for u in x do end')[0]).toMatchObject({ message: 'expected `each` after `for`' });
    expect(scriptProblems('let x 3')[0]).toMatchObject({ at: 'x', message: 'expected `=` after the name in `let`' });
    expect(scriptProblems('let = 3')[0]).toMatchObject({ at: 'let', message: 'expected a name after `let`' });
  });

  test('an unclosed bracket should ask for its closer after the last token', () => {
    expect(scriptProblems('x = (1 + 2')).toEqual([{ code: 'missing-token', at: '2', message: 'expected `)` to close `(`' }]);
    expect(scriptProblems('x = [1, 2')[0]).toMatchObject({ message: 'expected `]` to close `[`' });
    expect(scriptProblems('x = f(1, 2')[0]).toMatchObject({ message: 'expected `)` to close `(`' });
  });

  test('an if expression without else should say the else is required', () => {
    expect(expressionProblems('if a then 1')).toEqual([{ code: 'missing-token', at: '1', message: 'an `if` expression needs an `else`' }]);
  });

  test('keyword forms should explain what they miss', () => {
    expect(expressionProblems('sum u.cf u in s')[0]).toMatchObject({ message: 'expected `for` after the value being combined' });
    expect(expressionProblems('sort s in ships s.cap')[0]).toMatchObject({ message: 'expected `by` and the sort key' });
    expect(expressionProblems('roll on')[0]).toMatchObject({ message: 'expected a table name after `roll on`' });
    expect(scriptProblems('end game')[0]).toMatchObject({ message: 'expected `with` after `end game`' });
    expect(scriptProblems('remove x from y')[0]).toMatchObject({ message: 'expected `game` after `remove … from`' });
  });

  test('a missing alternative should be a syntax error in the words of the construct', () => {
    expect(scriptProblems('put x in deck')).toEqual([
      { code: 'syntax-error', at: 'deck', message: 'expected `on top of` or `at bottom of` after the card' },
    ]);
    expect(expressionProblems('choose of y')[0]).toMatchObject({ code: 'syntax-error', at: 'choose' });
  });
});

describe('parser diagnostics: expressions', () => {
  test('an operator with nothing after it should ask for an expression after it', () => {
    expect(scriptProblems('x = 1 +')).toEqual([{ code: 'missing-expression', at: '+', message: 'expected an expression after `+`' }]);
  });

  test('an empty expression should be reported and give no AST', () => {
    for (const text of ['', '  ', '-- only a comment']) {
      const result = parseExpression(text);
      expect(result.ast).toBeNull();
      expect(result.diagnostics.map((d) => d.code)).toEqual(['missing-expression']);
    }
  });

  test('text after a complete expression should be unexpected, keeping the expression', () => {
    const result = parseExpression('1 2');
    expect(shape(result.ast)).toEqual({ kind: 'number', value: 1 });
    expect(problems('1 2', result.diagnostics)).toEqual([{ code: 'unexpected-token', at: '2', message: 'unexpected `2` after the end of the expression' }]);
  });

  test('= in an expression should hint at ==', () => {
    const result = parseExpression('x = 1');
    expect(result.diagnostics[0]).toMatchObject({ code: 'unexpected-token' });
    expect(result.diagnostics[0]?.hint).toContain('==');
  });

  test('an if expression as an operand should need parentheses', () => {
    expect(expressionProblems('1 + if a then 2 else 3')[0]).toMatchObject({ code: 'missing-expression', at: '+' });
    expect(parseExpression('1 + (if a then 2 else 3)').diagnostics).toEqual([]);
  });

  test('a dangling operator before an if statement should blame the operator and keep the if', () => {
    const result = parseScript('x = 1 +\nif a then y = 2 end');
    expect(problems('x = 1 +\nif a then y = 2 end', result.diagnostics)).toEqual([
      { code: 'missing-expression', at: '+', message: 'expected an expression after `+`' },
    ]);
    expect(result.ast.body.map((s) => s.kind)).toEqual(['if']);
  });

  test('chained comparisons and ranges should be reported', () => {
    expect(expressionProblems('a < b < c')).toEqual([{ code: 'chained-comparison', at: '<', message: 'comparisons cannot be chained: a second `<` here' }]);
    expect(expressionProblems('1..2..3')[0]).toMatchObject({ code: 'chained-comparison', at: '..' });
  });

  test('invalid numbers should be reported and still read as numbers', () => {
    expect(expressionProblems('12abc')).toEqual([{ code: 'invalid-number', at: '12abc', message: '`12abc` is not a number' }]);
    expect(expressionProblems('2D6')[0]).toMatchObject({ code: 'invalid-number', at: '2D6' });
    expect(parseExpression('2D6').diagnostics[0]?.hint).toContain('lower-case d');
    expect(expressionProblems('99999999999999999999')[0]).toMatchObject({ code: 'invalid-number', message: '`99999999999999999999` is too large' });
    expect(expressionProblems('0d6')[0]).toMatchObject({ code: 'invalid-number', message: '`0d6` rolls no dice' });
    expect(expressionProblems('d0')[0]).toMatchObject({ code: 'invalid-number', message: '`d0`: a die needs at least one side' });
  });
});

describe('parser diagnostics: characters and strings', () => {
  test('an unknown character should be named, with a hint for common look-alikes', () => {
    expect(scriptProblems('x = $ 3')).toEqual([{ code: 'invalid-character', at: '$', message: 'unknown character `$`' }]);
    const result = parseScript('x = a & b');
    expect(result.diagnostics[0]).toMatchObject({ code: 'invalid-character', message: 'unknown character `&`' });
    expect(result.diagnostics[0]?.hint).toContain('`and`');
  });

  test('`&&` and `||` should be one problem each, the line read as `and` / `or`', () => {
    expect(scriptProblems('if h == hex_at(5, 3) && bridge_out then x = 1 end')).toEqual([
      { code: 'foreign-operator', at: '&&', message: '`&&` is written `and` in the rules language' },
    ]);
    expect(scriptProblems('x = a || b and c')).toEqual([{ code: 'foreign-operator', at: '||', message: '`||` is written `or` in the rules language' }]);
    const condition = parseScript('x = a || b and c').ast.body[0];
    // Precedence as the words': `a or (b and c)`.
    expect(condition).toMatchObject({ value: { kind: 'binary', op: 'or', right: { kind: 'binary', op: 'and' } } });
  });

  test('an unterminated string should ask for the closing quote and end at the line break', () => {
    expect(scriptProblems('log "hello\nx = 1')).toEqual([{ code: 'unterminated-string', at: '"hello', message: 'unterminated string: add a closing "' }]);
    expect(parseScript('log "hello\nx = 1').ast.body).toHaveLength(2);
  });

  test('an unknown escape should be reported', () => {
    expect(expressionProblems('"a \\q b"')).toEqual([{ code: 'invalid-escape', at: '\\q', message: 'unknown escape `\\q` in a string' }]);
  });

  test('an empty or unclosed interpolation should be reported', () => {
    expect(expressionProblems('"a {} b"')).toEqual([{ code: 'empty-interpolation', at: '{}', message: 'empty `{}` in a string' }]);
    expect(expressionProblems('"a {b"')).toContainEqual({ code: 'unclosed-interpolation', at: '{', message: 'this `{` in a string is never closed: add `}`' });
  });

  test('a syntax error inside an interpolation should be positioned in the outer text', () => {
    const text = 'log "total: {a +}"';
    expect(scriptProblems(text)).toEqual([{ code: 'missing-expression', at: '+', message: 'expected an expression after `+`' }]);
  });
});

describe('parser diagnostics: statements', () => {
  test('a stray end at top level should say there is no block to close', () => {
    expect(scriptProblems('x = 1 end y = 2')).toEqual([{ code: 'unexpected-token', at: 'end', message: 'unexpected `end`: there is no open block to close' }]);
  });

  test('a stray closer should say there is nothing to close', () => {
    expect(scriptProblems(')')).toEqual([{ code: 'unexpected-token', at: ')', message: 'unexpected `)`: there is nothing to close' }]);
  });

  test('a run of stray tokens should give one diagnostic spanning the run', () => {
    expect(scriptProblems('x = 1 ) ] ) y = 2')).toEqual([{ code: 'unexpected-token', at: ') ] )', message: 'unexpected `)`: there is nothing to close' }]);
  });

  test('a value on its own should be an invalid statement', () => {
    expect(scriptProblems('x')).toEqual([{ code: 'invalid-statement', at: 'x', message: '`x` on its own does nothing' }]);
    expect(scriptProblems('1 + 2')[0]).toMatchObject({ code: 'invalid-statement' });
  });

  test('a misspelt keyword starting a statement should be named, once, with the rest of its line quiet', () => {
    // Read as names, these lines gave 13 errors between them (`x` on its own, unexpected `+`, …).
    const text = ['retrun x + 1', 'lett y = 2', 'fi y > 1 then stop end', 'z = 1 +'].join('\n');
    expect(scriptProblems(text)).toEqual([
      { code: 'invalid-statement', at: 'retrun', message: '`retrun` is not a statement: did you mean `return`?' },
      { code: 'invalid-statement', at: 'lett', message: '`lett` is not a statement: did you mean `let`?' },
      { code: 'invalid-statement', at: 'fi', message: '`fi` is not a statement: did you mean `if`?' },
      // The next line's own mistake is still reported.
      { code: 'missing-expression', at: '+', message: 'expected an expression after `+`' },
    ]);
    // A name no keyword is close to keeps the plain message.
    expect(scriptProblems('strength')).toEqual([{ code: 'invalid-statement', at: 'strength', message: '`strength` on its own does nothing' }]);
  });

  test('a word of the language written as a name should say so, once, with the rest of its line quiet', () => {
    // It said "expected a name after `let`", then "this value on its own does nothing" at the 3.
    const text = ['let column = 3', 'for each where in xs do stop end', 'z = 1 +'].join('\n');
    expect(scriptProblems(text)).toEqual([
      { code: 'keyword-as-name', at: 'column', message: '`column` is a word of the rules language, so it cannot be a name here' },
      { code: 'keyword-as-name', at: 'where', message: '`where` is a word of the rules language, so it cannot be a name here' },
      { code: 'missing-expression', at: '+', message: 'expected an expression after `+`' },
    ]);
  });

  test('a name shaped like a roll should say it reads as dice, not that a name is missing', () => {
    // It said "expected a name after `let`" at `let`, with `d2` right there as the name.
    expect(scriptProblems('let d2 = draw 2 from deck\nfor each d6 in xs do stop end')).toEqual([
      { code: 'keyword-as-name', at: 'd2', message: '`d2` reads as a roll of dice, so it cannot be a name here' },
      { code: 'keyword-as-name', at: 'd6', message: '`d6` reads as a roll of dice, so it cannot be a name here' },
    ]);
  });

  test('a choice written in another form should be one problem on its line, not one per word', () => {
    // `choose a number from 0..3` gave nine: the choice, then "`a` on its own does nothing", …
    expect(scriptProblems('let n = choose a number from 0..3 prompt "How many?"\nlet m = choose from xs by player\nz = 1 +')).toEqual([
      { code: 'syntax-error', at: 'a', message: '`choose` takes no `a`' },
      { code: 'syntax-error', at: 'choose', message: 'expected `one of`, `any of`, `up to … of`, `number from` or a count after `choose`' },
      { code: 'missing-expression', at: '+', message: 'expected an expression after `+`' },
    ]);
  });

  test('quotes escaped inside an interpolation should be one problem saying strings there take plain quotes', () => {
    // It said "unterminated string" and "this `{` is never closed" at a `{` that is closed.
    expect(scriptProblems('log "morale {box_value(\\"morale\\")}"')).toEqual([
      { code: 'unterminated-string', at: '\\"', message: 'a string inside `{…}` takes plain quotes, not `\\"`' },
    ]);
    expect(scriptProblems('log "morale {box_value("morale")} and \\"{1}\\""')).toEqual([]);
  });

  test('== written as a statement should be read as an assignment and reported', () => {
    const result = parseScript('x == 1');
    expect(problems('x == 1', result.diagnostics)).toEqual([{ code: 'invalid-statement', at: '==', message: '`==` compares two values; it does not change one' }]);
    expect(result.ast.body[0]).toMatchObject({ kind: 'assign', op: '=' });
  });

  test('assigning to a call or a roll should be an invalid target', () => {
    expect(scriptProblems('f(x) = 1')).toEqual([
      { code: 'invalid-assignment-target', at: 'f(x)', message: 'cannot assign to this: only a name, `a.b` or `a[i]` can be on the left of `=`' },
    ]);
  });
});

describe('parser recovery', () => {
  test('a script with several mistakes should report each of them, in order', () => {
    const text = ['x = 1 +', 'if a > 1', '  y = 2', 'end', 'z = (3', 'log "ok"', 'w = $'].join('\n');
    const found = scriptProblems(text);
    expect(found.map((p) => p.code)).toEqual(['missing-expression', 'missing-token', 'missing-token', 'missing-expression', 'invalid-character']);
    expect(found.map((p) => p.at)).toEqual(['+', '1', '3', '=', '$']);
  });

  test('statements around a broken one should be kept', () => {
    const result = parseScript('a = 1\nb = 2 * \nc = 3\nlog c');
    expect(result.diagnostics.length).toBeGreaterThan(0);
    const kept = result.ast.body.map((s) => (s.kind === 'assign' && s.target.kind === 'name' ? s.target.name : s.kind));
    expect(kept).toContain('a');
    expect(kept).toContain('log');
  });

  test('statements before a mistake at the very end should be kept', () => {
    const result = parseScript('x = 1\ny = 2 +');
    expect(result.ast.body).toHaveLength(1);
    expect(result.diagnostics).toHaveLength(1);
  });

  test('a record field without a value should be left out of the record, not leave a hole', () => {
    // Fuzz seed 909, path 413: the hole stopped the checker's walk of the tree with a TypeError.
    const result = parseScript('return { winner: 1, authority: , escalation: e }');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['missing-expression']);
    expect(shape(result.ast.body[0])).toMatchObject({ kind: 'return', value: { kind: 'record', fields: [{ key: 'winner' }, { key: 'escalation' }] } });
    expect(holeIn(result.ast)).toBeUndefined();
  });

  test('a missing expression should leave an empty-name placeholder in the AST', () => {
    const result = parseScript('x = 1 + * 2');
    expect(shape(result.ast.body[0])).toMatchObject({ value: { right: { left: { kind: 'name', name: '' } } } });
  });

  test('more than 100 problems should be capped with a too-many-errors note', () => {
    const text = Array.from({ length: 150 }, () => 'x = $').join('\n');
    const result = parseScript(text);
    expect(result.diagnostics).toHaveLength(101);
    expect(result.diagnostics[100]).toMatchObject({ code: 'too-many-errors', message: expect.stringMatching(/more problems not shown/) });
  });
});
