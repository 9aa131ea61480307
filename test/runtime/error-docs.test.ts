import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { documentedCodes, linkedCodes } from '../helpers/doc-sections.ts';

const root = join(import.meta.dirname, '../..');

/** The TypeScript sources under `dir` (relative to the repository), sub-folders included. */
function sources(dir: string): Array<{ file: string; text: string }> {
  return (readdirSync(join(root, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(root, dir, f), 'utf8') }));
}

const CODE = String.raw`(['"\x60])([a-z]+(?:-[a-z]+)+)\1`;

/**
 * Codes a game can stop with, read from the source: every `new RuleError('code', …)` of the
 * runtime and the compiler (helpers such as `budgetExceeded` and `loopLimit` build theirs the same
 * way, so a code written on the next line counts too), the game driver's own `this.fail('code', …)`
 * (`no-result`, `value-too-deep`, `internal-error`), and the codes the bots' driver stops a game
 * with (`stopped: { code: 'decision-limit' … }` in agents/run.ts; an answer it passes on from
 * `Game.answer` is a refusal, not a code of its own). `unliteral` lists the constructions whose
 * code is not written out, which this scan could not read (but for the driver passing on a caught
 * RuleError's `e.code`, read where that error was built).
 */
function emitted(): { codes: string[]; unliteral: string[] } {
  const codes = new Set<string>();
  const unliteral: string[] = [];
  const scan = (file: string, text: string, call: RegExp) => {
    for (const m of text.matchAll(call)) {
      const args = text.slice(m.index + m[0].length);
      const code = new RegExp(`^\\s*${CODE}`).exec(args);
      if (code) codes.add(code[2]!);
      // The driver passes on a caught RuleError's code (`this.fail(e.code, …)`): read where it was built.
      else if (!/^e\.code\b/.test(args)) unliteral.push(`${file}: ${text.slice(m.index, m.index + 60).split('\n')[0]}`);
    }
  };
  for (const { file, text } of [...sources('interpreter/runtime'), ...sources('interpreter/compile')]) {
    scan(file, text, /\bnew RuleError\(/g);
    scan(file, text, /\bthis\.fail\(/g);
  }
  const run = readFileSync(join(root, 'interpreter/agents/run.ts'), 'utf8');
  for (const m of run.matchAll(new RegExp(String.raw`stopped: \{ code: ${CODE}`, 'g'))) codes.add(m[2]!);
  return { codes: [...codes].sort(), unliteral };
}

describe('runtime error documentation', () => {
  test('every code a running game can stop with should be read from the source', () => {
    const { codes, unliteral } = emitted();
    // An empty or broken scan must not pass: about 40 codes stop a game.
    expect(codes.length).toBeGreaterThan(30);
    for (const code of ['no-table-row', 'division-by-zero', 'loop-limit', 'step-budget-exceeded', 'no-result', 'decision-limit']) expect(codes).toContain(code);
    // A code passed in a variable would escape the scan: every construction writes its code out.
    expect(unliteral).toEqual([]);
  });

  test('every such code should be documented once: under Runtime, or linked from its introduction to its other section', () => {
    const { codes } = emitted();
    const headings = documentedCodes('Runtime');
    const linked = linkedCodes('Runtime');
    expect([...new Set([...headings, ...linked])].sort()).toEqual(codes);
    expect(headings.length).toBe(new Set(headings).size);
    expect(headings.filter((c) => linked.includes(c))).toEqual([]);
    const elsewhere = new Set([...documentedCodes('Loader'), ...documentedCodes('Parser'), ...documentedCodes('Checker')]);
    // One heading per code: a code the checker (or loader) documents is only linked here …
    expect(headings.filter((c) => elsewhere.has(c))).toEqual([]);
      // … and a linked code has its heading in that other section.
    expect(linked.filter((c) => !elsewhere.has(c))).toEqual([]);
  });

  test('every runtime entry should say how to fix it', () => {
    const doc = readFileSync(join(root, 'docs/diagnostics.md'), 'utf8');
    const runtime = doc.slice(doc.indexOf('\n## Runtime\n'));
    const entries = runtime.split(/^### /m).slice(1);
    expect(entries.length).toBe(documentedCodes('Runtime').length);
    expect(entries.filter((e) => !/^Fix: /m.test(e)).map((e) => e.split('\n')[0])).toEqual([]);
  });
});
