/**
 * Docs whose commands run as tests (docs/tutorial.md, docs/new-game.md): every ```sh block at the
 * start of a line runs, in order, with `npx rulesmith` as this repository's CLI (`node
 * bin/rulesmith.js`, a separate process, as a reader's shell runs it). Each block must exit as it
 * says (`# exits N`, else 0) and print every line of the ```text block after it (`…` stands for
 * left-out text; a line matches an output line that holds its pieces in order).
 *
 * Commands run as written, `--games 200` too (the tutorial's 400 random games take about 7 s), so
 * every figure a doc prints is checked: shortened runs let the tutorial's intervals go stale
 * and its reading of them wrong (a margin's interval said to include 0 that no longer did).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from '../editor/helpers.ts';


export interface Block { lang: string; text: string }

/** Fenced blocks at the start of a line (a list item's indented block is an illustration, not run). */
export function blocks(md: string): Block[] {
  const out: Block[] = [];
  const re = /^```(\w*)\n([\s\S]*?)^```$/gm;
  for (let m = re.exec(md); m; m = re.exec(md)) out.push({ lang: m[1]!, text: m[2]! });
  return out;
}

export interface Step { command: string; exit: number; expected?: string }

export function steps(md: string): Step[] {
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

// `npx rulesmith …` as a reader runs it, with this repository's CLI.
const SHIM = `npx() { if [ "$1" = rulesmith ]; then shift; node ${JSON.stringify(join(ROOT, 'bin/rulesmith.js'))} "$@"; else command npx "$@"; fi; }\n`;

/** Run one step in `dir` and check its exit status and lines; returns what it printed. */
export function runStep({ command, exit, expected }: Step, dir: string): string {
  const run = spawnSync('bash', ['-c', SHIM + command], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output).toBe(exit);
  if (expected === undefined) return output;
  const lines = output.split('\n').map((l) => l.trimEnd());
  const wanted = expected.split('\n').filter((l) => l.trim() && l.trim() !== '…');
  expect(wanted.length).toBeGreaterThan(0);
  expect(wanted.filter((l) => !hasLine(lines, l)), output).toEqual([]);
  return output;
}
