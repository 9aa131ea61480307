import { expect } from 'vitest';
import type { Expr, Script, Span, Stmt } from '../../grammar/ast.ts';
import { parseExpression, parseScript, type ParseDiagnostic } from '../../grammar/parse.ts';

/** Parses an expression that must be valid; returns its AST. */
export function expr(text: string): Expr {
  const result = parseExpression(text);
  expect(result.diagnostics, `diagnostics for ${JSON.stringify(text)}`).toEqual([]);
  expect(result.ast).not.toBeNull();
  expectSpansInside(result.ast as Expr, text.length);
  return result.ast as Expr;
}

/** Parses statements that must be valid; returns them. */
export function stmts(text: string): Stmt[] {
  const result = parseScript(text);
  expect(result.diagnostics, `diagnostics for ${JSON.stringify(text)}`).toEqual([]);
  expectSpansInside(result.ast, text.length);
  return result.ast.body;
}

/** Parses one valid statement. */
export function stmt(text: string): Stmt {
  const body = stmts(text);
  expect(body).toHaveLength(1);
  return body[0] as Stmt;
}

/** The AST without positions, for comparing shapes. */
export function shape(node: unknown): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'span' || key.endsWith('Span') ? undefined : value)));
}

/** The text a span covers. */
export const at = (text: string, span: Span): string => text.slice(span.start, span.end);

/** Diagnostics with the text they point at, for readable assertions. */
export function problems(text: string, diagnostics: ParseDiagnostic[]): Array<{ code: string; at: string; message: string }> {
  return diagnostics.map((d) => ({ code: d.code, at: at(text, d.span), message: d.message }));
}

/** Every diagnostic is well formed: known severity, kebab-case code, a message, a span inside the text. */
export function expectWellFormed(diagnostics: ParseDiagnostic[], length: number): void {
  for (const d of diagnostics) {
    expect(['error', 'warning']).toContain(d.severity);
    expect(d.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(d.message.length).toBeGreaterThan(0);
    expect(Number.isInteger(d.span.start) && Number.isInteger(d.span.end)).toBe(true);
    expect(d.span.start).toBeGreaterThanOrEqual(0);
    expect(d.span.end).toBeGreaterThanOrEqual(d.span.start);
    expect(d.span.end).toBeLessThanOrEqual(length);
  }
}

/** Every span in the tree is a valid range of the text and lies inside its parent's span. */
export function expectSpansInside(root: Script | Expr | Stmt, length: number): void {
  const failures: string[] = [];
  const visit = (node: unknown, parent: Span, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, parent, `${path}[${i}]`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    let inner = parent;
    for (const [key, value] of Object.entries(record)) {
      if (!(key === 'span' || key.endsWith('Span'))) continue;
      const span = value as Span;
      const ok = Number.isInteger(span.start) && Number.isInteger(span.end) && span.start <= span.end && span.start >= parent.start && span.end <= parent.end;
      if (!ok) failures.push(`${path}.${key} ${JSON.stringify(span)} outside ${JSON.stringify(parent)}`);
      if (key === 'span') inner = span;
    }
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'object') visit(value, inner, `${path}.${key}`);
    }
  };
  visit(root, { start: 0, end: length }, '');
  expect(failures).toEqual([]);
}
