/**
 * The templates `rulesmith init` copies (rulesets/templates/<name>/) are a designer's first
 * ruleset: each must validate without a single warning, play to the end under random bots with
 * its invariants holding, and give search bots a heuristic that plays to win. (Non-interference
 * and fork/resume cover the starter too: test/runtime/.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { discover } from '../../interpreter/cli/discover.ts';
import { validateEntry } from '../../interpreter/cli/validate.ts';
import { runCli } from '../cli/run-cli.ts';

const TEMPLATES = readdirSync('rulesets/templates').filter((t) => existsSync(join('rulesets/templates', t, 'ruleset.yaml'))).map((t) => join('rulesets/templates', t));

test('the index lists every template, each with a description, the default first', () => {
  const index = parse(readFileSync('rulesets/templates/index.yaml', 'utf8')) as Array<{ id: string; description: string }>;
  expect(index.map((t) => t.id).sort()).toEqual(TEMPLATES.map((t) => t.split('/').pop()).sort());
  for (const t of index) expect(t.description, t.id).toMatch(/^[A-Z].{20,}\.$/);
});

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

  // Two games, seats swapped: a smoke test that the heuristics play to win (the docs carry longer runs).
  test('a normal bot should beat a random one from either seat (its heuristics play to win)', async () => {
    const r = await runCli(['tournament', template, '--agents', 'normal,random', '--games', '2', '--seed', 'templates', '--json']);
    expect(r.code, r.err).toBe(0);
    const t = JSON.parse(r.out) as { ended: number; errors: unknown[]; agents: Array<{ label: string; wins: number }> };
    expect([t.ended, t.errors]).toEqual([2, []]);
    expect(t.agents.find((a) => a.label === 'normal')!.wins).toBe(2);
  }, 120_000);
});
