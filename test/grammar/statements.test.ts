import { describe, expect, test } from 'vitest';
import { parseScript } from '../../grammar/parse.ts';
import { at, shape, stmt, stmts } from './helpers.ts';

const n = (value: number) => ({ kind: 'number', value });
const name = (text: string) => ({ kind: 'name', name: text });
const member = (object: unknown, property: string) => ({ kind: 'member', object, property });
const call = (callee: string, ...args: unknown[]) => ({ kind: 'expr', expr: { kind: 'call', callee, args } });
const assign = (target: unknown, value: unknown, op = '=') => ({ kind: 'assign', op, target, value });

describe('parseScript: assignments and locals', () => {
  test('let should bind a name with its span', () => {
    const text = 'let x = 2d6';
    const ast = stmt(text);
    expect(shape(ast)).toEqual({ kind: 'let', name: 'x', value: { kind: 'dice', count: n(2), die: { sides: 6 } } });
    if (ast.kind !== 'let') throw new Error('let expected');
    expect(at(text, ast.nameSpan)).toBe('x');
    expect(at(text, ast.span)).toBe(text);
  });

  test('assignment should accept names, members and indexes with =, += and -=', () => {
    expect(shape(stmt('x = 1'))).toEqual(assign(name('x'), n(1)));
    expect(shape(stmt('player.cash += 2'))).toEqual(assign(member(name('player'), 'cash'), n(2), '+='));
    expect(shape(stmt('war_effort[w] -= 1'))).toEqual(assign({ kind: 'index', object: name('war_effort'), keys: [name('w')], shift: null }, n(1), '-='));
  });

  test('a contextual keyword should be assignable like any name', () => {
    expect(shape(stmt('count = count + 1'))).toEqual(assign(name('count'), { kind: 'binary', op: '+', left: name('count'), right: n(1) }));
  });
});

describe('parseScript: control flow', () => {
  test('if should hold its branches, else if chains and else', () => {
    const ast = stmt('if a then x = 1 else if b then x = 2 else if c then x = 3 else x = 4 end');
    expect(shape(ast)).toEqual({
      kind: 'if',
      branches: [
        { condition: name('a'), body: [assign(name('x'), n(1))] },
        { condition: name('b'), body: [assign(name('x'), n(2))] },
        { condition: name('c'), body: [assign(name('x'), n(3))] },
      ],
      else: [assign(name('x'), n(4))],
    });
  });

  test('if without else should have a null else and span up to end', () => {
    const text = 'if a then\n  log "yes"\nend';
    const ast = stmt(text);
    expect(ast).toMatchObject({ kind: 'if', else: null });
    expect(at(text, ast.span)).toBe(text);
  });

  test('for each should bind a name, filter with where and run a body', () => {
    expect(shape(stmt('for each u in units where u.cf > 2 do flip u end'))).toEqual({
      kind: 'for-each',
      binder: 'u',
      source: name('units'),
      where: { kind: 'binary', op: '>', left: member(name('u'), 'cf'), right: n(2) },
      body: [{ kind: 'flip', piece: name('u') }],
    });
  });

  test('repeat should take a count', () => {
    expect(shape(stmt('repeat 3 times shuffle deck end'))).toEqual({ kind: 'repeat', count: n(3), body: [{ kind: 'shuffle', deck: name('deck'), withDiscards: false }] });
  });

  test('while should take an optional max bound', () => {
    expect(shape(stmt('while x > 0 max 100 do x -= 1 end'))).toEqual({
      kind: 'while',
      condition: { kind: 'binary', op: '>', left: name('x'), right: n(0) },
      limit: n(100),
      body: [assign(name('x'), n(1), '-=')],
    });
    expect(stmt('while go() do stop end')).toMatchObject({ limit: null, body: [{ kind: 'stop' }] });
  });

  test('return should take a value when one follows, and none before end', () => {
    expect(shape(stmt('return x + 1'))).toEqual({ kind: 'return', value: { kind: 'binary', op: '+', left: name('x'), right: n(1) } });
    expect(shape(stmt('if a then return end'))).toMatchObject({ branches: [{ body: [{ kind: 'return', value: null }] }] });
  });

  test('log should take any expression', () => {
    expect(shape(stmt('log "Turn {turn}"'))).toEqual({ kind: 'log', message: { kind: 'string', parts: ['Turn ', name('turn')] } });
  });
});

describe('parseScript: expression statements', () => {
  test('a procedure call should be a statement', () => {
    expect(shape(stmt('my_procedure(a, b)'))).toEqual(call('my_procedure', name('a'), name('b')));
  });

  test('draw, choose and roll on should be statements whose value is dropped', () => {
    expect(stmt('draw from union_deck')).toMatchObject({ kind: 'expr', expr: { kind: 'draw' } });
    expect(stmt('choose one of areas by player')).toMatchObject({ kind: 'expr', expr: { kind: 'choose' } });
    expect(stmt('secretly choose one of m by p for each p in pilots')).toMatchObject({ kind: 'expr', expr: { kind: 'choose', secret: true } });
    expect(stmt('roll on random_events')).toMatchObject({ kind: 'expr', expr: { kind: 'roll-on' } });
  });

  test('roll as a variable and roll on as a statement should both work', () => {
    expect(shape(stmts('roll = 2d6 roll on events'))).toEqual([
      assign(name('roll'), { kind: 'dice', count: n(2), die: { sides: 6 } }),
      { kind: 'expr', expr: { kind: 'roll-on', table: 'events', column: null, shift: null } },
    ]);
  });
});

describe('parseScript: cards and pieces', () => {
  test('shuffle should accept with discards', () => {
    expect(shape(stmt('shuffle deck with discards'))).toEqual({ kind: 'shuffle', deck: name('deck'), withDiscards: true });
  });

  test('discard should accept an optional pile', () => {
    expect(shape(stmt('discard card'))).toEqual({ kind: 'discard', card: name('card'), to: null });
    expect(shape(stmt('discard card to pile'))).toEqual({ kind: 'discard', card: name('card'), to: name('pile') });
  });

  test('put should place a card on top or at the bottom of a deck', () => {
    expect(shape(stmt('put card on top of deck'))).toEqual({ kind: 'put', card: name('card'), deck: name('deck'), position: 'top' });
    expect(shape(stmt('put card at bottom of deck'))).toEqual({ kind: 'put', card: name('card'), deck: name('deck'), position: 'bottom' });
  });

  test('remove should go from the game or to a zone', () => {
    expect(shape(stmt('remove x from game'))).toEqual({ kind: 'remove', target: name('x'), to: null });
    expect(shape(stmt('remove x to dead_pile'))).toEqual({ kind: 'remove', target: name('x'), to: name('dead_pile') });
  });

  test('move should take a destination and an optional facing', () => {
    expect(shape(stmt('move piece to area'))).toEqual({ kind: 'move', piece: name('piece'), to: name('area'), facing: null });
    expect(shape(stmt('move piece to hex facing 3'))).toEqual({ kind: 'move', piece: name('piece'), to: name('hex'), facing: n(3) });
  });

  test('place should accept a count and not read `in` as membership', () => {
    expect(shape(stmt('place piece in area'))).toEqual({ kind: 'place', count: null, piece: name('piece'), in: name('area'), facing: null });
    expect(shape(stmt('place 2 of crowd in area facing 1'))).toEqual({ kind: 'place', count: n(2), piece: name('crowd'), in: name('area'), facing: n(1) });
  });

  test('flip and reveal should take their targets', () => {
    expect(shape(stmt('flip piece'))).toEqual({ kind: 'flip', piece: name('piece') });
    expect(shape(stmt('reveal x'))).toEqual({ kind: 'reveal', target: name('x'), to: null });
    expect(shape(stmt('reveal x to side'))).toEqual({ kind: 'reveal', target: name('x'), to: name('side') });
  });

  test('end game should carry its result', () => {
    const text = 'end game with { winner: protesters, level: "Decisive" }';
    const ast = stmt(text);
    expect(ast).toMatchObject({ kind: 'end-game', result: { kind: 'record' } });
    expect(at(text, ast.span)).toBe(text);
  });

  test('end game inside a block should not close the block', () => {
    expect(shape(stmt('if won then end game with { winner: a } end'))).toMatchObject({
      kind: 'if',
      branches: [{ body: [{ kind: 'end-game' }] }],
    });
  });
});

describe('parseScript: layout', () => {
  test('statements should need no separators, on one line or many', () => {
    expect(stmts('x = 1 y = 2 log x')).toHaveLength(3);
    expect(stmts('x = 1\n\n  y = 2\n')).toHaveLength(2);
  });

  test('an empty script, or only comments, should have no statements and no diagnostics', () => {
    for (const text of ['', '   \n\t', '-- nothing here\n-- still nothing']) {
      const result = parseScript(text);
      expect(result.diagnostics).toEqual([]);
      expect(result.ast).toEqual({ kind: 'script', body: [], span: { start: 0, end: text.length } });
    }
  });

  test('the script span should cover the whole text', () => {
    const text = '  x = 1  -- trailing comment\n';
    expect(parseScript(text).ast.span).toEqual({ start: 0, end: text.length });
  });

  test('statement spans should cover exactly their own text', () => {
    const text = 'let a = 1\nif a > 0 then\n  log "pos"\nend\nmove p to q';
    const body = stmts(text);
    expect(body.map((s) => at(text, s.span))).toEqual(['let a = 1', 'if a > 0 then\n  log "pos"\nend', 'move p to q']);
  });
});

describe('statements: line-sensitive readings', () => {
  test('`else if` on one line should continue the chain, and `else` then `if` on the next line should nest', () => {
    const chain = parseScript('if a then x = 1 else if b then x = 2 else x = 3 end');
    expect(chain.diagnostics).toEqual([]);
    expect(chain.ast.body[0]).toMatchObject({ kind: 'if', branches: [{}, {}], else: [{ kind: 'assign' }] });
    const nested = parseScript('if a then\n  x = 1\nelse\n  if b then\n    x = 2\n  end\nend');
    expect(nested.diagnostics).toEqual([]);
    expect(nested.ast.body[0]).toMatchObject({ kind: 'if', branches: [{}], else: [{ kind: 'if', branches: [{}], else: null }] });
  });

  test('a `for each` loop after a choice should stay a loop; only `secretly` choices take `for each`', () => {
    const loop = parseScript('let z = choose one of [1, 2] by player prompt "Pick"\nfor each u in [1] do\n  log "x"\nend');
    expect(loop.diagnostics).toEqual([]);
    expect(loop.ast.body.map((s) => s.kind)).toEqual(['let', 'for-each']);
    const secret = parseScript('let z = secretly choose one of [1, 2] by p for each p in players');
    expect(secret.ast.body[0]).toMatchObject({ kind: 'let', value: { kind: 'choose', secret: true, each: { binder: 'p' } } });
  });

  test('a statement about a name `preview` on the line after a choice should stay a statement', () => {
    for (const next of ['preview = 3', 'preview += 1', 'preview.x = 1', 'preview[1] = 2', 'preview(1)']) {
      const r = parseScript(`let z = choose one of [1, 2] by player\n${next}`);
      expect(r.diagnostics, next).toEqual([]);
      expect(r.ast.body, next).toHaveLength(2);
      expect(r.ast.body[0], next).toMatchObject({ kind: 'let', value: { kind: 'choose', preview: null } });
    }
    // On the choice's own line, or before a value that cannot start a statement, it is the clause.
    const sameLine = parseScript('let z = choose one of [a, b] by player preview [option]');
    expect(sameLine.ast.body[0]).toMatchObject({ value: { preview: { kind: 'list' } } });
    const nextLine = parseScript('let z = choose one of [a, b] by player\n  preview route(option)\nlog "x"');
    expect(nextLine.diagnostics).toEqual([]);
    expect(nextLine.ast.body.map((s) => s.kind)).toEqual(['let', 'log']);
    expect(nextLine.ast.body[0]).toMatchObject({ value: { preview: { kind: 'call', callee: 'route' } } });
  });
});
