/**
 * docs/tutorial.md cannot rot (issue 13, item 6): every ```sh block runs, in order, in a temporary
 * folder holding a copy of rulesets/, with `npx rulesmith` as this repository's CLI
 * (`node bin/rulesmith.js`, a separate process, as a reader's shell runs it). Each block must exit
 * as it says (`# exits N`, else 0) and print every line of the ```text block after it (`…` stands
 * for left-out text). The blocks depend on each other (the first writes the variant): run the
 * file whole, not one test of it with -t. The workflow in Part 3 must be docs/examples/github-actions-validate.yml,
 * run on pull requests, and its validate command must be one the tutorial runs.
 *
 * Shortened for speed: `--games 200` runs as `--games 10`; for those commands only the lines
 * without figures (no decimal point, no %) are checked, with "200 games" read as "10 games".
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../editor/helpers.ts';

const TUTORIAL = readFileSync(join(ROOT, 'docs/tutorial.md'), 'utf8');
const WORKFLOW = 'docs/examples/github-actions-validate.yml';
const FULL_GAMES = '--games 200';
const TEST_GAMES = '--games 10';

interface Block { lang: string; text: string }

/** Fenced blocks at the start of a line (a list item's indented block is an illustration, not run). */
function blocks(md: string): Block[] {
  const out: Block[] = [];
  const re = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(md); m; m = re.exec(md)) out.push({ lang: m[1]!, text: m[2]! });
  return out;
}

interface Step { command: string; exit: number; expected?: string }

function steps(md: string): Step[] {
  const all = blocks(md);
  return all.flatMap((b, i) => {
    if (b.lang !== 'sh') return [];
    const exit = /#\s*exits\s+(\d+)\s*$/m.exec(b.text);
    const next = all[i + 1];
    return [{ command: b.text.trimEnd(), exit: exit ? Number(exit[1]) : 0, ...(next?.lang === 'text' ? { expected: next.text } : {}) }];
  });
}

/** Whether some output line holds the pieces of `want` around its `…`, in order. */
function hasLine(output: string[], want: string): boolean {
  const pieces = want.split('…').map((p) => p.trimEnd());
  return output.some((line) => {
    let at = 0;
    for (const p of pieces) {
      const i = line.indexOf(p, at);
      if (i < 0) return false;
      at = i + p.length;
    }
    return true;
  });
}

const dir = mkdtempSync(join(tmpdir(), 'rulesmith-tutorial-'));
cpSync(join(ROOT, 'rulesets'), join(dir, 'rulesets'), { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// `npx rulesmith …` as a reader runs it, with this repository's CLI.
const SHIM = `npx() { if [ "$1" = rulesmith ]; then shift; node ${JSON.stringify(join(ROOT, 'bin/rulesmith.js'))} "$@"; else command npx "$@"; fi; }\n`;

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

  test.each(tutorialSteps.map((s, i) => ({ ...s, n: i + 1 })))('command $n runs as the tutorial says', ({ command, exit, expected }) => {
    const shortened = command.includes(FULL_GAMES);
    const run = spawnSync('bash', ['-c', SHIM + command.replace(FULL_GAMES, TEST_GAMES)], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(exit);
    if (expected === undefined) return;
    const lines = output.split('\n').map((l) => l.trimEnd());
    const wanted = expected.split('\n').filter((l) => l.trim() && l.trim() !== '…');
    const checked = shortened ? wanted.filter((l) => !/\d\.\d|%/.test(l)).map((l) => l.replace('200 games', '10 games')) : wanted;
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.filter((l) => !hasLine(lines, l)), output).toEqual([]);
    if (command.includes('--report ')) {
      const report = join(dir, /--report (\S+)/.exec(command)![1]!);
      expect(existsSync(report)).toBe(true);
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
