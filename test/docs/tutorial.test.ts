/**
 * docs/tutorial.md cannot rot (issue 13, item 6): every ```sh block runs, in order, in a temporary
 * folder holding a copy of rulesets/, with `npx rulesmith` as this repository's CLI
 * (`node bin/rulesmith.js`, a separate process, as a reader's shell runs it). Each block must exit
 * as it says (`# exits N`, else 0) and print every line of the ```text block after it (`…` stands
 * for left-out text). The blocks depend on each other (the first writes the variant): run the
 * file whole, not one test of it with -t. The workflow in Part 3 must be docs/examples/github-actions-validate.yml,
 * run on pull requests, and its validate command must be one the tutorial runs.
 * How blocks run, and what is shortened for speed: ./runnable.ts.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../editor/helpers.ts';
import { blocks, runStep, steps } from './runnable.ts';

const TUTORIAL = readFileSync(join(ROOT, 'docs/tutorial.md'), 'utf8');
const WORKFLOW = 'docs/examples/github-actions-validate.yml';

const dir = mkdtempSync(join(tmpdir(), 'rulesmith-tutorial-'));
cpSync(join(ROOT, 'rulesets'), join(dir, 'rulesets'), { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tutorialSteps = steps(TUTORIAL);

describe('docs/tutorial.md', () => {
  test('has runnable commands: validate, diff --odds, odds, simulate --compare --report, validate --format github', () => {
    const commands = tutorialSteps.map((s) => s.command);
    for (const want of [/rulesmith validate \S+police-on-edge\.yaml$/m, /rulesmith diff .* --odds/, /rulesmith odds /, /rulesmith simulate .*--compare .*--report /, /rulesmith validate .*--format github/]) {
      expect(commands.some((c) => want.test(c)), String(want)).toBe(true);
    }
    // The editor part's change is the CLI part's.
    expect(TUTORIAL).toContain('     tables.crt.rows.4: [N, VM, A, VM, A, A]');
    expect(commands[0]).toContain('  tables.crt.rows.4: [N, VM, A, VM, A, A]');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('docs/tutorial.md');
  });

  test.each(tutorialSteps.map((s, i) => ({ ...s, n: i + 1 })))('command $n runs as the tutorial says', (step) => {
    const output = runStep(step, dir);
    if (step.command.includes('--report ')) {
      const report = join(dir, /--report (\S+)/.exec(step.command)![1]!);
      expect(existsSync(report), output).toBe(true);
      expect(readFileSync(report, 'utf8')).toContain('<svg');
    }
  }, 300_000);

  test(`Part 3's workflow is ${WORKFLOW}, runs on pull requests, and validates with annotations as the tutorial does`, () => {
    const file = readFileSync(join(ROOT, WORKFLOW), 'utf8');
    expect(blocks(TUTORIAL).filter((b) => b.lang === 'yaml').map((b) => b.text)).toContain(file);
    const workflow = parse(file) as { on: Record<string, unknown>; jobs: Record<string, { steps: Array<{ run?: string }> }> };
    expect(Object.keys(workflow.on)).toContain('pull_request');
    const runs = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.run ?? ''));
    expect(runs).toContain('npm ci');
    const validate = runs.find((r) => r.startsWith('npx rulesmith validate'));
    expect(validate).toContain('--format github');
    // The same command runs above, clean and on a typo.
    expect(tutorialSteps.filter((s) => s.command.startsWith(validate!)).map((s) => s.exit).sort()).toEqual([0, 1]);
  });
});
