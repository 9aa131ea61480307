import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { EDITOR_ENTRY_POINTS, RULES, checkArchitecture, interpreterDependencies, scanImports } from './imports.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Every source file of the layered folders, by repository path. */
function sourceTree(): Map<string, string> {
  const files = new Map<string, string>();
  for (const top of ['grammar', 'interpreter', 'editor']) {
    for (const rel of readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })) {
      if (/\.(ts|mjs|js)$/.test(rel)) files.set(`${top}/${rel.split('\\').join('/')}`, readFileSync(join(ROOT, top, rel), 'utf8'));
    }
  }
  return files;
}

describe('architecture (docs/architecture.md)', () => {
  const tree = sourceTree();

  test('should scan the real tree (so an empty scan cannot pass)', () => {
    const prefixes = ['grammar/', 'interpreter/', 'editor/'];
    for (const prefix of prefixes) expect([...tree.keys()].filter((f) => f.startsWith(prefix)).length, prefix).toBeGreaterThan(10);
    const refs = [...tree.values()].reduce((n, text) => n + scanImports(text).length, 0);
    expect(refs).toBeGreaterThan(500);
  });

  test('should keep every import rule', () => {
    expect(checkArchitecture(tree).map((v) => v.message)).toEqual([]);
  });

  test('should document every rule and every editor entry point in docs/architecture.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect([...RULES, ...EDITOR_ENTRY_POINTS].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  test('should have compile/ depend on runtime/ and not the reverse', () => {
    const deps = interpreterDependencies(tree);
    expect(deps.get('interpreter/compile/')?.has('interpreter/runtime/')).toBe(true);
    expect(deps.get('interpreter/runtime/')?.has('interpreter/compile/') ?? false).toBe(false);
  });
});

describe('import scanner', () => {
  test('should find static, type, re-export, side-effect, dynamic, worker and URL imports with their lines', () => {
    const text = [
      "import { a } from './a.ts';",
      'import type {',
      '  B,',
      "} from './b.ts';",
      "export * from './c.ts';",
      "export { d, type D } from './d.ts';",
      "import './e.css';",
      "const f = await import('./f.ts');",
      "import W from './w.ts?worker';",
      "new Worker(new URL('./g.worker.ts', import.meta.url), { type: 'module' });",
      'const h = () => import(`./h.ts`);',
    ].join('\n');
    expect(scanImports(text)).toEqual([
      { line: 1, specifier: './a.ts' },
      { line: 4, specifier: './b.ts' },
      { line: 5, specifier: './c.ts' },
      { line: 6, specifier: './d.ts' },
      { line: 7, specifier: './e.css' },
      { line: 8, specifier: './f.ts' },
      { line: 9, specifier: './w.ts?worker' },
      { line: 10, specifier: './g.worker.ts' },
      { line: 11, specifier: './h.ts' },
    ]);
  });

  test('should not mistake comments, strings, regular expressions or templates for imports', () => {
    const text = [
      "// import { x } from '../../editor/x.ts';",
      "/* export * from '../y.ts'; */",
      "const s = \"import z from './z.ts'\";",
      "const r = /['\"`]/g; const t = Array.from('abc');",
      "const u = `${'import(\\'./u.ts\\')'} from`;",
      'const q = a / b; const v = c / d;',
      "import { real } from './real.ts';",
      'const m = import.meta.url;',
    ].join('\n');
    expect(scanImports(text)).toEqual([{ line: 7, specifier: './real.ts' }]);
  });
});

describe('architecture checker', () => {
  // One violation of each rule, next to imports that are allowed, so the checker is seen to catch
  // what the tree test asserts is absent.
  const synthetic = new Map<string, string>([
    ['grammar/parse.ts', "import { CstParser } from 'chevrotain';\nimport { tokens } from './tokens.ts';\nimport { Game } from '../interpreter/index.ts';\n"],
    ['grammar/tokens.ts', 'export const tokens = [];\n'],
    ['interpreter/check/types.ts', "import { parseScript } from '../../grammar/index.ts';\nimport type {\n  Expr,\n} from '../../grammar/ast.ts';\n"],
    ['interpreter/cli/main.ts', "import { ROOT } from '../../test/editor/helpers.ts';\nimport { readFileSync } from 'node:fs';\n"],
    ['interpreter/compile/program.ts', "import type { Value } from '../runtime/values.ts';\n"],
    ['interpreter/runtime/values.ts', "import { truthy } from '../compile/program.ts';\n"],
    ['interpreter/agents/run.ts', "import type { Value } from '../runtime/values.ts';\n"],
    [
      'editor/main.ts',
      [
        "import { Game } from '../interpreter/index.ts';",
        "import { loadRuleset } from '../interpreter/load/index.ts';",
        "const game = await import('../interpreter/runtime/game.ts');",
        "export { describe } from '../interpreter/check/types.ts';",
        "const w = new Worker(new URL('../grammar/tokens.ts', import.meta.url));",
        "import V from '../interpreter/load/model.ts?worker';",
        "import { keywords } from '/grammar/index.ts';",
      ].join('\n'),
    ],
  ]);

  test('should name the file, line, specifier and rule of each violation', () => {
    const found = checkArchitecture(synthetic).map(({ rule, file, line, specifier }) => ({ rule, file, line, specifier }));
    expect(found).toEqual([
      { rule: 'editor-public-indexes', file: 'editor/main.ts', line: 3, specifier: '../interpreter/runtime/game.ts' },
      { rule: 'editor-public-indexes', file: 'editor/main.ts', line: 4, specifier: '../interpreter/check/types.ts' },
      { rule: 'editor-public-indexes', file: 'editor/main.ts', line: 5, specifier: '../grammar/tokens.ts' },
      { rule: 'editor-public-indexes', file: 'editor/main.ts', line: 6, specifier: '../interpreter/load/model.ts?worker' },
      { rule: 'relative-specifiers', file: 'editor/main.ts', line: 7, specifier: '/grammar/index.ts' },
      { rule: 'grammar-self-contained', file: 'grammar/parse.ts', line: 3, specifier: '../interpreter/index.ts' },
      { rule: 'interpreter-grammar-via-index', file: 'interpreter/check/types.ts', line: 4, specifier: '../../grammar/ast.ts' },
      { rule: 'interpreter-stays-inside', file: 'interpreter/cli/main.ts', line: 1, specifier: '../../test/editor/helpers.ts' },
      { rule: 'interpreter-folder-cycle', file: 'interpreter/compile/program.ts', line: 1, specifier: '../runtime/values.ts' },
      { rule: 'interpreter-folder-cycle', file: 'interpreter/runtime/values.ts', line: 1, specifier: '../compile/program.ts' },
    ]);
  });

  test('should say which rule a message breaks, and where', () => {
    const messages = checkArchitecture(synthetic).map((v) => v.message);
    expect(messages).toContain("grammar/parse.ts:3 imports '../interpreter/index.ts': grammar/ imports nothing of ours outside grammar/ [grammar-self-contained]");
    expect(messages).toContain(
      "interpreter/runtime/values.ts:1 imports '../compile/program.ts': interpreter/ folders depend one way only, and this import is part of the cycle interpreter/compile/ ↔ interpreter/runtime/ [interpreter-folder-cycle]",
    );
  });

  test('should find a cycle through more than two folders', () => {
    const ring = new Map([
      ['interpreter/a/x.ts', "import './../b/y.ts';\n"],
      ['interpreter/b/y.ts', "import '../c/z.ts';\n"],
      ['interpreter/c/z.ts', "import '../a/x.ts';\n"],
      ['interpreter/d/w.ts', "import '../a/x.ts';\n"],
    ]);
    expect(checkArchitecture(ring).map((v) => `${v.file} ${v.rule}`)).toEqual(['interpreter/a/x.ts interpreter-folder-cycle', 'interpreter/b/y.ts interpreter-folder-cycle', 'interpreter/c/z.ts interpreter-folder-cycle']);
  });
});
