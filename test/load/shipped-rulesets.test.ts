import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { summary } from './helpers.ts';

/** Every shipped ruleset folder and every variant file in it. */
function entries(): string[] {
  if (!existsSync('rulesets')) return [];
  const found: string[] = [];
  for (const game of readdirSync('rulesets', { withFileTypes: true })) {
    if (!game.isDirectory() || !existsSync(`rulesets/${game.name}/ruleset.yaml`)) continue;
    found.push(`rulesets/${game.name}`);
    const variants = `rulesets/${game.name}/variants`;
    if (existsSync(variants)) for (const v of readdirSync(variants)) if (v.endsWith('.yaml')) found.push(`${variants}/${v}`);
  }
  return found;
}

describe('shipped rulesets', () => {
  test('every shipped ruleset and variant should load without loader errors', () => {
    const failures = entries().flatMap((entry) => summary(loadRuleset(entry, nodeHost).diagnostics.filter(isError)));
    expect(failures).toEqual([]);
  });
});
