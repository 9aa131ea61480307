/**
 * The templates `rulesmith init` copies (rulesets/templates/<name>/) are a designer's first
 * ruleset: each must validate without a single warning, play to the end under random bots with
 * its invariants holding, and give search bots a heuristic that plays to win. (Non-interference
 * and fork/resume cover the starter too: test/runtime/.)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { discover } from '../../interpreter/cli/discover.ts';
import { validateEntry } from '../../interpreter/cli/validate.ts';
import { runCli } from '../cli/run-cli.ts';

const TEMPLATES = readdirSync('rulesets/templates').map((t) => join('rulesets/templates', t));

describe.each(TEMPLATES)('%s', (template) => {
  test('should validate, with its variants, without an error or a warning', () => {
    const entries = discover([template]).entries;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries) expect(validateEntry(entry).diagnostics, entry).toEqual([]);
  });

  test('should show how to say where its rules come from and what is assumed', () => {
    const program = validateEntry(join(template, 'ruleset.yaml')).model!;
    const tables = Object.values(program.data.tables ?? {});
    expect(tables.some((t) => typeof t.source === 'string'), 'a table\'s source:').toBe(true);
    expect(tables.some((t) => typeof t.assumption === 'string'), 'a table\'s assumption:').toBe(true);
    expect(program.data.flow?.source, 'flow.source').toBeTypeOf('string');
    expect(program.data.heuristics?.note, 'heuristics.note').toBeTypeOf('string');
    expect(Object.keys(program.data.invariants ?? {}).length).toBeGreaterThan(0);
  });

  test('random games should all end, without a runtime error or a broken invariant', async () => {
    const r = await runCli(['simulate', template, '--games', '60', '--seed', 'templates', '--check-invariants', '--json']);
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out) as { ended: number; errors: { count: number }; invariants: { violations: number } };
    expect([s.ended, s.errors.count]).toEqual([60, 0]);
    expect(s.invariants.violations).toBe(0);
  });

  test('a normal bot should beat a random one (its heuristics play to win)', async () => {
    const r = await runCli(['tournament', template, '--agents', 'normal,random', '--games', '4', '--seed', 'templates', '--json']);
    expect(r.code, r.err).toBe(0);
    const t = JSON.parse(r.out) as { ended: number; errors: unknown[]; agents: Array<{ label: string; wins: number }> };
    expect([t.ended, t.errors]).toEqual([4, []]);
    expect(t.agents.find((a) => a.label === 'normal')!.wins).toBe(4);
  });
});
