import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compareRecordSets } from '../../interpreter/analysis/compare.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';
/** A variant of the duel: `extends: ../ruleset.yaml`. */
const BLOODY = `${DUEL}/variants/bloody.yaml`;

/** A copy of the duel with a variant whose every game loops until the step budget stops it. */
function loopingVariant(): { dir: string; loop: string } {
  const dir = join(mkdtempSync(join(tmpdir(), 'rulesmith-loop-')), 'duel');
  cpSync(DUEL, dir, { recursive: true });
  const loop = join(dir, 'variants', 'loop.yaml');
  writeFileSync(loop, 'rulesmith: 1\nid: duel_loop\nextends: ../ruleset.yaml\nset:\n  "options.endless.default": true\n');
  return { dir, loop };
}

describe('simulate --compare when games stop on a runtime error', () => {
  test('a variant whose every game stopped should get no verdict and no figures, but a sentence why, in text, JSON and report', async () => {
    const { dir, loop } = loopingVariant();
    const argv = ['simulate', dir, '--compare', loop, '--games', '6', '--seed', 's', '--workers', '1'];
    const report = join(dir, 'r.html');
    const text = await runCli([...argv, '--report', report]);
    // The runtime errors still make the run fail, as before.
    expect(text.code).toBe(1);
    const said = 'The comparison could not be made: in 6 of 6 pairs a game stopped on a runtime error in the variant, which leaves no pair whose games both ended. No figures and no verdict: fix the runtime errors and run again.';
    expect(text.out).toContain(`6 games each, paired: game i of both uses seed s:i and the same bots (random).\n\n${said}\n\nruntime errors: base 0, variant 6\n  seed s:1: step-budget-exceeded: `);
    // Not "The change moves who wins, with 95% confidence …: red −50.0 points" from games that had no winner.
    expect(text.out).not.toMatch(/The change moves who wins|No clear change|^winners|rounds|precision:/m);
    const json = await runCli([...argv, '--json']);
    expect(json.code).toBe(1);
    const c = JSON.parse(json.out);
    expect(Object.keys(c).slice(0, 6)).toEqual(['games', 'design', 'seed', 'agents', 'leftOut', 'base']);
    expect(c.leftOut).toEqual({ pairs: 6, base: 0, variant: 6, compared: 0, enough: false, note: said });
    expect(c.winners).toEqual([]);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain(`<p class="left-out verdict" data-verdict="none">${said}</p>`);
    expect(html).not.toMatch(/data-verdict="(changed|unclear|same)"|<h3>Winners/);
  }, 60_000);

  test('shards should merge byte for byte when pairs are left out, the note that the figures are reversed included', async () => {
    // strict_test stops most duel games on a runtime error: of these 30 seeds, 2 end under both rule sets.
    const argv = ['simulate', BLOODY, '--compare', DUEL, '--games', '30', '--seed', 'd', '--option', 'strict_test=true'];
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-shards-'));
    const files: string[] = [];
    for (const i of [3, 1, 2]) {
      const r = await runCli([...argv, '--shard', `${i}/3`, '--json']);
      expect(r.code, r.err).toBe(0);
      files.push(join(dir, `shard-${i}.json`));
      writeFileSync(files[files.length - 1]!, r.out);
    }
    const whole = await runCli(argv);
    const merged = await runCli(['merge', ...files]);
    expect([whole.code, merged.code]).toEqual([1, 1]);
    expect(merged.out).toBe(whole.out);
    expect((await runCli(['merge', ...files, '--json'])).out).toBe((await runCli([...argv, '--json'])).out);
    const left = whole.out.indexOf('28 of 30 pairs left out of the figures: a game stopped on a runtime error in the base (25 games) or in the variant (28); the figures are of the 2 pairs whose games both ended.\n');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(whole.out.indexOf('\nwinners'));
    expect(whole.out).toContain(`\nnote: ${BLOODY} extends ${DUEL}, so the figures are`);
  }, 60_000);
});

describe('a variant given first, its base second', () => {
  test('simulate --compare should say above the figures that they are reversed, and how to get the variant\'s change', async () => {
    const run = (a: string, b: string, ...more: string[]) => runCli(['simulate', a, '--compare', b, '--games', '4', '--seed', '1', '--workers', '1', ...more]);
    const note = `note: ${BLOODY} extends ${DUEL}, so the figures are ${BLOODY} → ${DUEL}, the reverse of the change your variant makes; for that change, write \`rulesmith simulate ${DUEL} --compare ${BLOODY}\`.`;
    const reversed = await run(BLOODY, DUEL);
    expect(reversed.out).toMatch(new RegExp(`^base: +${BLOODY} .*\\nvariant: +${DUEL} .*\\n${note.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}\\n4 games each, paired`));
    expect((await run(DUEL, BLOODY)).out).not.toContain('note:');
    // JSON stays the comparison alone; the note goes to stderr.
    const json = await run(BLOODY, DUEL, '--json');
    expect(JSON.parse(json.out).base.ruleset).toBe('duel_bloody');
    expect(json.err).toContain(`rulesmith simulate: ${note}\n`);
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-report-'));
    await run(BLOODY, DUEL, '--report', join(dir, 'r.html'));
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('<p class="note reversed">note: ');
  }, 60_000);

  test('diff should say so above everything it prints', async () => {
    const reversed = await runCli(['diff', BLOODY, DUEL]);
    expect(reversed.out.startsWith(`note: ${BLOODY} extends ${DUEL}, so this shows ${BLOODY} → ${DUEL}, the reverse of the change your variant makes (what it adds shows as removed); for that change, write \`rulesmith diff ${DUEL} ${BLOODY}\`.\n\n${DUEL} against ${BLOODY} (old → new):\n\n~ `)).toBe(true);
    expect((await runCli(['diff', DUEL, BLOODY])).out).not.toContain('note:');
    const json = await runCli(['diff', BLOODY, DUEL, '--json']);
    expect(Object.keys(JSON.parse(json.out))).toEqual(['base', 'variant', 'changes']);
    expect(json.err).toContain(`rulesmith diff: note: ${BLOODY} extends ${DUEL}`);
  });
});

describe('a change of zero', () => {
  test('should print without a minus sign, ±0.00, whatever the rounding left of it', () => {
    // Margins 0.2, 1.4, 1.4 against 1, 1, 1: the per-seed differences average −7.4e-17.
    const games = (margins: number[]): GameRecord[] => margins.map((margin, i) => ({
      seed: `1:${i + 1}`, status: 'ended', result: { winner: 'red' }, rounds: 3, decisions: 10, error: null, seats: { p1: 'red', p2: 'blue' }, margin,
    }));
    const c = compareRecordSets({ records: games([1, 1, 1]), ruleset: 'a', hash: 'h1' }, { records: games([0.2, 1.4, 1.4]), ruleset: 'b', hash: 'h2' }, { seed: '1', agents: ['random'] });
    expect(c.margin!.diff).toBeLessThan(0);
    const text = formatComparison(c, 'a', 'b');
    expect(text).toContain('\n  margin         1.00      1.00    ±0.00 (−1.72 to 1.72)\n');
    expect(text).toContain('  rounds         3.00      3.00    ±0.00 (0.00 to 0.00)\n');
    expect(text).not.toContain('−0.0');
  });
});
