import { describe, expect, test } from 'vitest';
import { at, expr, shape } from './helpers.ts';
import { parseScript } from '../../grammar/index.ts';

const n = (value: number) => ({ kind: 'number', value });
const name = (text: string) => ({ kind: 'name', name: text });
const member = (object: unknown, property: string) => ({ kind: 'member', object, property });
const bin = (op: string, left: unknown, right: unknown) => ({ kind: 'binary', op, left, right });

describe('parseExpression: literals', () => {
  test('numbers should keep their value, fractions included', () => {
    expect(shape(expr('3'))).toEqual(n(3));
    expect(shape(expr('0.5'))).toEqual(n(0.5));
  });

  test('a negative literal should fold into one number spanning the minus', () => {
    const text = '-2';
    const ast = expr(text);
    expect(shape(ast)).toEqual(n(-2));
    expect(at(text, ast.span)).toBe('-2');
  });

  test('unary plus should return the operand with a span that includes the plus', () => {
    const text = '+2d6';
    const ast = expr(text);
    expect(ast.kind).toBe('dice');
    expect(at(text, ast.span)).toBe('+2d6');
    expect(shape(expr('+1'))).toEqual(n(1));
  });

  test('strings should split text and interpolations', () => {
    expect(shape(expr('"Turn {turn}: {side.name} moves"'))).toEqual({
      kind: 'string',
      parts: ['Turn ', name('turn'), ': ', member(name('side'), 'name'), ' moves'],
    });
  });

  test('booleans and none should be literals', () => {
    expect(shape(expr('true'))).toEqual({ kind: 'bool', value: true });
    expect(shape(expr('false'))).toEqual({ kind: 'bool', value: false });
    expect(shape(expr('none'))).toEqual({ kind: 'none' });
  });

  test('lists should hold their items, and may be empty', () => {
    expect(shape(expr('[1, 2, 3]'))).toEqual({ kind: 'list', items: [n(1), n(2), n(3)] });
    expect(shape(expr('[]'))).toEqual({ kind: 'list', items: [] });
  });

  test('records should keep keys with their spans, and accept keywords as keys', () => {
    const text = '{ winner: protesters, level: "Decisive", to: 3 }';
    const ast = expr(text);
    expect(shape(ast)).toEqual({
      kind: 'record',
      fields: [
        { key: 'winner', value: name('protesters') },
        { key: 'level', value: { kind: 'string', parts: ['Decisive'] } },
        { key: 'to', value: n(3) },
      ],
    });
    if (ast.kind !== 'record') throw new Error('record expected');
    expect(at(text, ast.fields[1]!.keySpan)).toBe('level');
    expect(shape(expr('{}'))).toEqual({ kind: 'record', fields: [] });
  });
});

describe('parseExpression: ranges', () => {
  test('a..b should be an inclusive range', () => {
    expect(shape(expr('2..5'))).toEqual({ kind: 'range', from: n(2), to: n(5) });
  });

  test('an open range 16+ should have no upper bound where a value ends', () => {
    const text = '[16+, 1..3]';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'list', items: [{ kind: 'range', from: n(16), to: null }, { kind: 'range', from: n(1), to: n(3) }] });
    if (ast.kind !== 'list') throw new Error('list expected');
    expect(at(text, ast.items[0]!.span)).toBe('16+');
    expect(shape(expr('16+'))).toEqual({ kind: 'range', from: n(16), to: null });
    expect(shape(expr('r in 16+ and ok'))).toEqual(bin('and', bin('in', name('r'), { kind: 'range', from: n(16), to: null }), name('ok')));
  });

  test('16 + x should stay an addition', () => {
    expect(shape(expr('16 + x'))).toEqual(bin('+', n(16), name('x')));
    expect(shape(expr('16+x'))).toEqual(bin('+', n(16), name('x')));
  });

  test('membership in a range should read as `in` over the range', () => {
    expect(shape(expr('r in 2..5'))).toEqual(bin('in', name('r'), { kind: 'range', from: n(2), to: n(5) }));
  });
});

describe('parseExpression: names, members, indexing and calls', () => {
  test('member access should record the property and its span', () => {
    const text = 'unit.cf';
    const ast = expr(text);
    expect(shape(ast)).toEqual(member(name('unit'), 'cf'));
    if (ast.kind !== 'member') throw new Error('member expected');
    expect(at(text, ast.propertySpan)).toBe('cf');
  });

  test('reserved words should be allowed as property names', () => {
    expect(shape(expr('link.to + link.from'))).toEqual(bin('+', member(name('link'), 'to'), member(name('link'), 'from')));
  });

  test('indexing should take one or more keys and an optional column shift', () => {
    expect(shape(expr('list[1]'))).toEqual({ kind: 'index', object: name('list'), keys: [n(1)], shift: null });
    expect(shape(expr('crt[roll, cf shift 2]'))).toEqual({ kind: 'index', object: name('crt'), keys: [name('roll'), name('cf')], shift: n(2) });
    expect(shape(expr('crt[r, c shift -1]'))).toMatchObject({ shift: n(-1) });
  });

  test('calls should take a callee name and arguments', () => {
    const text = 'ceil(x / 2)';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'call', callee: 'ceil', args: [bin('/', name('x'), n(2))] });
    if (ast.kind !== 'call') throw new Error('call expected');
    expect(at(text, ast.calleeSpan)).toBe('ceil');
    expect(at(text, ast.span)).toBe(text);
    expect(shape(expr('f()'))).toEqual({ kind: 'call', callee: 'f', args: [] });
  });

  test('postfix chains should nest left to right', () => {
    expect(shape(expr('a.b[1].c'))).toEqual(member({ kind: 'index', object: member(name('a'), 'b'), keys: [n(1)], shift: null }, 'c'));
  });
});

describe('parseExpression: operators', () => {
  test('multiplication should bind tighter than addition', () => {
    expect(shape(expr('1 + 2 * 3'))).toEqual(bin('+', n(1), bin('*', n(2), n(3))));
  });

  test('subtraction should associate to the left', () => {
    expect(shape(expr('a - b - c'))).toEqual(bin('-', bin('-', name('a'), name('b')), name('c')));
  });

  test('mod should rank with multiplication', () => {
    expect(shape(expr('a + b mod 2'))).toEqual(bin('+', name('a'), bin('mod', name('b'), n(2))));
  });

  test('ranges should bind looser than arithmetic and tighter than comparisons', () => {
    expect(shape(expr('x in 1..n + 1'))).toEqual(bin('in', name('x'), { kind: 'range', from: n(1), to: bin('+', name('n'), n(1)) }));
  });

  test('every comparison operator should parse', () => {
    for (const op of ['==', '!=', '<', '<=', '>', '>=']) {
      expect(shape(expr(`a ${op} b`))).toEqual(bin(op, name('a'), name('b')));
    }
  });

  test('not should bind looser than comparisons and tighter than and', () => {
    expect(shape(expr('not a == b and c'))).toEqual(
      bin('and', { kind: 'unary', op: 'not', operand: bin('==', name('a'), name('b')) }, name('c')),
    );
  });

  test('or should bind looser than and', () => {
    expect(shape(expr('a or b and c'))).toEqual(bin('or', name('a'), bin('and', name('b'), name('c'))));
  });

  test('unary minus should bind tighter than multiplication and apply to postfix chains', () => {
    expect(shape(expr('-x.y * 2'))).toEqual(bin('*', { kind: 'unary', op: '-', operand: member(name('x'), 'y') }, n(2)));
  });

  test('parentheses should regroup and widen the span', () => {
    const text = '(1 + 2) * 3';
    const ast = expr(text);
    expect(shape(ast)).toEqual(bin('*', bin('+', n(1), n(2)), n(3)));
    if (ast.kind !== 'binary') throw new Error('binary expected');
    expect(at(text, ast.left.span)).toBe('(1 + 2)');
  });

  test('binary spans should run from the left operand to the right one', () => {
    const text = 'a  +  b';
    expect(at(text, expr(text).span)).toBe(text);
  });
});

describe('parseExpression: conditional', () => {
  test('if-then-else should be an expression', () => {
    expect(shape(expr('if vi >= 40 then 2 else 1'))).toEqual({ kind: 'if-expr', condition: bin('>=', name('vi'), n(40)), then: n(2), else: n(1) });
  });

  test('else if chains should nest in the else branch', () => {
    const text = 'if a then 1 else if b then 2 else 3';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'if-expr', condition: name('a'), then: n(1), else: { kind: 'if-expr', condition: name('b'), then: n(2), else: n(3) } });
    if (ast.kind !== 'if-expr') throw new Error('if-expr expected');
    expect(at(text, ast.else.span)).toBe('if b then 2 else 3');
  });

  test('the else branch should reach as far right as it can', () => {
    expect(shape(expr('if a then b else c + 1'))).toMatchObject({ else: bin('+', name('c'), n(1)) });
  });
});

describe('parseExpression: dice', () => {
  test('NdS should count N dice of S sides, with the count spanning its digits', () => {
    const text = '2d6';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'dice', count: n(2), die: { sides: 6 } });
    if (ast.kind !== 'dice') throw new Error('dice expected');
    expect(at(text, ast.count.span)).toBe('2');
  });

  test('dS should roll one die', () => {
    expect(shape(expr('d6'))).toEqual({ kind: 'dice', count: n(1), die: { sides: 6 } });
  });

  test('d66 should be the tens-and-units roll', () => {
    expect(shape(expr('d66'))).toEqual({ kind: 'dice', count: n(1), die: { d66: true } });
  });

  test('Nd[name] should roll a named die', () => {
    const text = '3d[special]';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'dice', count: n(3), die: { named: 'special' } });
    if (ast.kind !== 'dice' || !('named' in ast.die)) throw new Error('named die expected');
    expect(at(text, ast.die.span)).toBe('special');
  });

  test('(expr)d6 and (expr)d[name] should take the count from the expression', () => {
    const text = '(n + 1)d6';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'dice', count: bin('+', name('n'), n(1)), die: { sides: 6 } });
    expect(at(text, ast.span)).toBe(text);
    expect(shape(expr('(n)d[special]'))).toEqual({ kind: 'dice', count: name('n'), die: { named: 'special' } });
  });

  test('a bare d[x] should stay an index into a name d', () => {
    expect(shape(expr('d[x]'))).toEqual({ kind: 'index', object: name('d'), keys: [name('x')], shift: null });
  });

  test('dice should combine with arithmetic and member access', () => {
    expect(shape(expr('2d6 + 1'))).toEqual(bin('+', { kind: 'dice', count: n(2), die: { sides: 6 } }, n(1)));
    expect(shape(expr('2d6.total'))).toEqual(member({ kind: 'dice', count: n(2), die: { sides: 6 } }, 'total'));
  });
});

describe('parseExpression: keyword forms', () => {
  test('roll on a table should name the table with its span', () => {
    const text = 'roll on random_events';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'roll-on', table: 'random_events', column: null, shift: null });
    if (ast.kind !== 'roll-on') throw new Error('roll-on expected');
    expect(at(text, ast.tableSpan)).toBe('random_events');
  });

  test('roll on a cross table should take a column and a shift', () => {
    expect(shape(expr('roll on crt column cf shift -1'))).toEqual({ kind: 'roll-on', table: 'crt', column: name('cf'), shift: n(-1) });
  });

  test('count, any, all, first and select should be queries binding a name', () => {
    const text = 'count u in units where u.side == protesters';
    const ast = expr(text);
    expect(shape(ast)).toEqual({ kind: 'query', op: 'count', binder: 'u', source: name('units'), where: bin('==', member(name('u'), 'side'), name('protesters')) });
    if (ast.kind !== 'query') throw new Error('query expected');
    expect(at(text, ast.binderSpan)).toBe('u');
    for (const op of ['any', 'all', 'first', 'select']) {
      expect(shape(expr(`${op} x in xs where x.ok`))).toMatchObject({ kind: 'query', op, binder: 'x' });
    }
    expect(shape(expr('first u in s'))).toMatchObject({ where: null });
  });

  test('sum, min and max should be aggregates binding a name', () => {
    expect(shape(expr('sum u.cf for u in attackers where u.kind == group'))).toEqual({
      kind: 'aggregate',
      op: 'sum',
      value: member(name('u'), 'cf'),
      binder: 'u',
      source: name('attackers'),
      where: bin('==', member(name('u'), 'kind'), name('group')),
    });
    expect(shape(expr('min s.speed for s in ships'))).toMatchObject({ kind: 'aggregate', op: 'min', where: null });
    expect(shape(expr('max s.speed for s in ships'))).toMatchObject({ kind: 'aggregate', op: 'max' });
  });

  test('sort should bind a name and may be descending', () => {
    expect(shape(expr('sort s in ships by s.capacity'))).toEqual({ kind: 'sort', binder: 's', source: name('ships'), by: member(name('s'), 'capacity'), descending: false });
    const text = 'sort s in ships by s.capacity descending';
    const ast = expr(text);
    expect(ast).toMatchObject({ descending: true });
    expect(at(text, ast.span)).toBe(text);
  });

  test('draw should take an optional count and destination', () => {
    expect(shape(expr('draw from union_deck'))).toEqual({ kind: 'draw', count: null, deck: name('union_deck'), into: null });
    expect(shape(expr('draw 3 from actions into player.hand'))).toEqual({ kind: 'draw', count: n(3), deck: name('actions'), into: member(name('player'), 'hand') });
  });

  test('choose one of should ask a chooser with a prompt', () => {
    expect(shape(expr('choose one of areas by player prompt "Where?"'))).toEqual({
      kind: 'choose',
      mode: { kind: 'one' },
      from: name('areas'),
      by: name('player'),
      prompt: { kind: 'string', parts: ['Where?'] },
      preview: null,
      secret: false,
      each: null,
    });
  });

  test('choose should take a preview after the prompt and before for each, with option free in it', () => {
    const text = 'secretly choose one of maneuvers(p) by p prompt "Which?" preview path(p, option) for each p in pilots';
    const ast = expr(text);
    expect(shape(ast)).toMatchObject({
      prompt: { kind: 'string', parts: ['Which?'] },
      preview: { kind: 'call', callee: 'path', args: [name('p'), name('option')] },
      each: { binder: 'p', source: name('pilots') },
    });
    expect(at(text, ast.span)).toBe(text);
    expect(shape(expr('choose one of hexes preview [option]'))).toMatchObject({ preview: { kind: 'list', items: [name('option')] } });
    expect(at('choose one of xs preview route(option)', expr('choose one of xs preview route(option)').span)).toBe('choose one of xs preview route(option)');
  });

  test('choose should accept a count, up to, any and number modes', () => {
    expect(shape(expr('choose 2 of cards'))).toMatchObject({ mode: { kind: 'exactly', count: n(2) }, from: name('cards') });
    expect(shape(expr('choose up to 3 of units'))).toMatchObject({ mode: { kind: 'up-to', count: n(3) } });
    expect(shape(expr('choose any of units'))).toMatchObject({ mode: { kind: 'any' } });
    expect(shape(expr('choose number from 0..player.cash'))).toMatchObject({
      mode: { kind: 'number' },
      from: { kind: 'range', from: n(0), to: member(name('player'), 'cash') },
    });
  });

  test('secretly choose for each should make simultaneous secret choices', () => {
    const text = 'secretly choose one of maneuvers(p) by p for each p in pilots';
    const ast = expr(text);
    expect(shape(ast)).toEqual({
      kind: 'choose',
      mode: { kind: 'one' },
      from: { kind: 'call', callee: 'maneuvers', args: [name('p')] },
      by: name('p'),
      prompt: null,
      preview: null,
      secret: true,
      each: { binder: 'p', source: name('pilots') },
    });
    expect(at(text, ast.span)).toBe(text);
  });
});

describe('parseExpression: contextual keywords', () => {
  test('min, max, count and first should be ordinary calls when followed by parentheses', () => {
    expect(shape(expr('max(a, b) + min(c, d)'))).toEqual(
      bin('+', { kind: 'call', callee: 'max', args: [name('a'), name('b')] }, { kind: 'call', callee: 'min', args: [name('c'), name('d')] }),
    );
    expect(shape(expr('count(xs)'))).toEqual({ kind: 'call', callee: 'count', args: [name('xs')] });
    expect(shape(expr('first(xs)'))).toEqual({ kind: 'call', callee: 'first', args: [name('xs')] });
  });

  test('contextual keywords should be ordinary names elsewhere', () => {
    for (const word of ['count', 'number', 'one', 'top', 'bottom', 'game', 'any', 'all', 'min', 'max', 'first', 'roll', 'preview']) {
      expect(shape(expr(`${word} + 1`))).toEqual(bin('+', name(word), n(1)));
    }
  });

  test('a name that starts with a keyword should stay a name', () => {
    expect(shape(expr('index + into_x + end_turn + do_it'))).toMatchObject({ kind: 'binary' });
    expect(shape(expr('index'))).toEqual(name('index'));
  });

  test('an aggregate and a call named like it should mix in one expression', () => {
    expect(shape(expr('max(a, b) + max u.cf for u in units'))).toMatchObject({
      left: { kind: 'call', callee: 'max' },
      right: { kind: 'aggregate', op: 'max' },
    });
  });

  test('a bracketed value then `for` should be the aggregate, not the function', () => {
    // A euro designer's walk wrote `max (count c in cards where c.kind == k) for k in kinds` and got three errors about `for each`.
    expect(shape(expr('max (count c in cards where c.kind == k) for k in kinds'))).toMatchObject({ kind: 'aggregate', op: 'max', value: { kind: 'query' } });
    expect(shape(expr('min ((a + 1) * 2) for a in xs'))).toMatchObject({ kind: 'aggregate', op: 'min' });
    expect(shape(expr('max(a, b) + max (u.cf) for u in units'))).toMatchObject({ left: { kind: 'call', callee: 'max' }, right: { kind: 'aggregate', op: 'max' } });
    expect(shape(expr('max(f(a), (b)) * 2'))).toMatchObject({ kind: 'binary', left: { kind: 'call', callee: 'max' } });
  });

  test('a call of min or max before a `for each` statement should stay a call', () => {
    const { ast, diagnostics } = parseScript('let k = min(a, b)\nfor each i in 1..3 do log "{i}" end');
    expect(diagnostics).toEqual([]);
    expect(ast.body.map((s) => s.kind)).toEqual(['let', 'for-each']);
  });

  test('comments should be ignored', () => {
    expect(shape(expr('1 -- one\n + 2 -- two'))).toEqual(bin('+', n(1), n(2)));
  });
});
