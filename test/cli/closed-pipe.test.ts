/**
 * `rulesmith validate … | head`: when the reader closes the pipe early, the command stops as any
 * command line tool does (status 141, as if killed by SIGPIPE) instead of printing Node's stack
 * trace for the unhandled EPIPE.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const BIN = join(import.meta.dirname, '../../bin/rulesmith.js');
const dir = mkdtempSync(join(tmpdir(), 'rulesmith-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a reader that stops after the first chunk ends the command quietly, with status 141', async () => {
  // 3,000 variables of the wrong initial type: far more diagnostics than a pipe buffers (64 KiB).
  const vars = Array.from({ length: 3000 }, (_, i) => `  v${i}: { type: number, initial: "x" }`).join('\n');
  writeFileSync(join(dir, 'ruleset.yaml'), `rulesmith: 1\nid: big\nname: Big\nplayers: { min: 2, max: 2 }\nsides: { a: { name: A } }\nvariables:\n${vars}\n`);
  const child = spawn(process.execPath, [BIN, 'validate', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  let first = '';
  await new Promise<void>((resolve) => child.stdout.once('data', (chunk: Buffer) => { first = chunk.toString('utf8'); child.stdout.destroy(); resolve(); }));
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  expect(first).toContain('ruleset.yaml');
  expect(stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
  expect(status).toBe(141);
}, 60_000);
