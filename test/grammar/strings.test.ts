import { describe, expect, test } from 'vitest';
import type { Expr, StringLit } from '../../grammar/ast.ts';
import { parseScript } from '../../grammar/parse.ts';
import { at, expr, shape } from './helpers.ts';

function str(text: string): StringLit {
  const ast = expr(text);
  if (ast.kind !== 'string') throw new Error(`string expected, got ${ast.kind}`);
  return ast;
}

const interpolations = (node: StringLit): Expr[] => node.parts.filter((p): p is Expr => typeof p !== 'string');

describe('string literals', () => {
  test('a plain string should have one text part and span its quotes', () => {
    const text = '"Decisive"';
    const node = str(text);
    expect(node.parts).toEqual(['Decisive']);
    expect(at(text, node.span)).toBe(text);
  });

  test('an empty string should have no parts', () => {
    expect(str('""').parts).toEqual([]);
  });

  test('escapes should stand for their characters', () => {
    expect(str(String.raw`"a \"b\" \\ \{c\} \n"`).parts).toEqual(['a "b" \\ {c} \n']);
  });

  test('interpolation spans should be offsets into the outer text', () => {
    const text = 'log "Turn {turn}: {side.name} moves"';
    const body = parseScript(text).ast.body;
    const message = body[0]?.kind === 'log' ? body[0].message : undefined;
    if (message?.kind !== 'string') throw new Error('string expected');
    expect(interpolations(message).map((e) => at(text, e.span))).toEqual(['turn', 'side.name']);
    const member = interpolations(message)[1];
    if (member?.kind !== 'member') throw new Error('member expected');
    expect(at(text, member.propertySpan)).toBe('name');
  });

  test('interpolations should hold full expressions, records and calls included', () => {
    const node = str('"{count u in units where u.ready} ready, {f({a: 1})}"');
    expect(shape(interpolations(node))).toEqual([
      { kind: 'query', op: 'count', binder: 'u', source: { kind: 'name', name: 'units' }, where: { kind: 'member', object: { kind: 'name', name: 'u' }, property: 'ready' } },
      { kind: 'call', callee: 'f', args: [{ kind: 'record', fields: [{ key: 'a', value: { kind: 'number', value: 1 } }] }] },
    ]);
  });

  test('strings nested inside interpolations should be parsed, with their own spans', () => {
    const text = '"outer {if a then "in {b}" else "no"} end"';
    const node = str(text);
    const inner = interpolations(node)[0];
    if (inner?.kind !== 'if-expr' || inner.then.kind !== 'string') throw new Error('nested string expected');
    expect(at(text, inner.then.span)).toBe('"in {b}"');
    expect(at(text, interpolations(inner.then)[0]!.span)).toBe('b');
  });

  test('a quote inside an interpolation should not end the outer string', () => {
    expect(shape(str('"a {"b"} c"'))).toEqual({ kind: 'string', parts: ['a ', { kind: 'string', parts: ['b'] }, ' c'] });
  });

  test('an interpolation with spaces around the value should span only the value', () => {
    const text = '"{ x  }"';
    expect(at(text, interpolations(str(text))[0]!.span)).toBe('x');
  });
});
