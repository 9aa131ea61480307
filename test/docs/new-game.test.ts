/**
 * docs/new-game.md cannot rot: its commands run in order (./runnable.ts) in an empty temporary
 * project, from `rulesmith init` on; the blocks depend on each other, so run the file whole. The
 * tour of the starter names every section its ruleset.yaml has.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../editor/helpers.ts';
import { runStep, steps } from './runnable.ts';

const DOC = readFileSync(join(ROOT, 'docs/new-game.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'rulesmith-new-game-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const docSteps = steps(DOC);

describe('docs/new-game.md', () => {
  test('starts with init and runs the designer\'s loop: validate (broken and fixed), odds, simulate, tournament, diff', () => {
    const commands = docSteps.map((s) => s.command);
    expect(commands[0]).toMatch(/^npx rulesmith init /);
    for (const want of [/rulesmith validate /, /rulesmith odds /, /rulesmith simulate .*--check-invariants/, /rulesmith tournament .*normal,random/, /rulesmith diff .* --odds/]) {
      expect(commands.some((c) => want.test(c)), String(want)).toBe(true);
    }
    expect(docSteps.map((s) => s.exit)).toContain(1);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('docs/new-game.md');
  });

  test('the tour names every section of the starter\'s ruleset.yaml', () => {
    const starter = parse(readFileSync(join(ROOT, 'rulesets/templates/starter/ruleset.yaml'), 'utf8')) as Record<string, unknown>;
    const tour = DOC.slice(DOC.indexOf('## 2.'), DOC.indexOf('## 3.'));
    const missing = Object.keys(starter).filter((k) => !['rulesmith', 'id', 'name', 'description'].includes(k) && !tour.includes(`\`${k}\``));
    expect(missing).toEqual([]);
  });

  test.each(docSteps.map((s, i) => ({ ...s, n: i + 1 })))('command $n runs as the page says', (step) => {
    runStep(step, dir);
  }, 300_000);
});
