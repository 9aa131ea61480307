import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { compileEntry } from '../../editor/play/compile.ts';
import { setupPreview } from '../../editor/play/play-session.ts';
import { editScenario, placeExpression } from '../../editor/play/scenario-yaml.ts';
import { newVariantText } from '../../editor/workspace/variant-template.ts';
import { ROOT, importedFixture, shippedGame } from './helpers.ts';

function program(files: Record<string, string>, entry: string) {
  const r = compileEntry(files, entry);
  if (!r.ok) throw new Error(`${r.errors} error(s): ${r.message}`);
  return r.program;
}

function edited(result: { text: string } | { error: string }): string {
  if ('error' in result) throw new Error(result.error);
  return result.text;
}

/** Every line of `before` is still in `after`, in order (edits only add or replace lines). */
function keepsLines(before: string, after: string, except: RegExp = /$^/): void {
  const rest = after.split('\n');
  let at = 0;
  for (const line of before.split('\n').filter((l) => !except.test(l))) {
    const found = rest.indexOf(line, at);
    expect(found, `line kept: ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

const where = (files: Record<string, string>, entry: string, seed: string | number = 1) => {
  const preview = setupPreview(program(files, entry), { seed });
  if ('problems' in preview) throw new Error(preview.problems.join());
  return Object.fromEntries(preview.state.pieces.map((p) => [p.id, p.facing === null ? p.at : `${p.at}/${p.facing}`]));
};

describe('scenario editor writes', () => {
  test('a piece dragged in a new scenario of Battle of Seattle should start there, written as a scenario setup step', () => {
    const files = shippedGame('battle-of-seattle');
    const path = 'rulesets/battle-of-seattle/variants/standoff.yaml';
    files[path] = newVariantText('battle-of-seattle', files['rulesets/battle-of-seattle/ruleset.yaml']!, 'Standoff', path);
    const text = edited(editScenario(files[path]!, program(files, path), [{ piece: 'spd_1', to: 'westlake_center' }]));
    keepsLines(files[path]!, text);
    expect(text).toContain('  - id: scenario\n');
    expect(text).toContain('      move scenario_piece(spd, "spd_1") to westlake_center\n');
    expect(text).toContain('  scenario_piece:\n');
    files[path] = text;
    expect(where(files, path)['spd_1']).toBe('westlake_center');
    // The base setup still runs first (steps merge by id): the other SPD units are beside the map.
    expect(where(files, path)['spd_2']).toBe('authority_available');
  });

  test('moving and turning the same piece again should rewrite its line, and keep the rest of the file', () => {
    const { path, files } = importedFixture('hex', 'blue-max');
    files[path] = `${files[path]}# a comment the designer wrote\n`;
    const first = edited(editScenario(files[path]!, program(files, path), [{ piece: 'red_tank_1', to: 'hex:4,3', facing: 1 }]));
    keepsLines(files[path]!, first);
    files[path] = first;
    const second = edited(editScenario(first, program(files, path), [{ piece: 'red_tank_1', to: 'hex:5,3', facing: 3 }, { piece: 'blue_tank_2', to: 'hex:6,6', facing: 0 }]));
    expect(second.match(/scenario_piece\(red_tank, "red_tank_1"\)/g)).toHaveLength(1);
    expect(second).toContain('move scenario_piece(red_tank, "red_tank_1") to hex_at(5, 3) facing 3');
    expect(second).toContain('# a comment the designer wrote');
    keepsLines(first, second, /scenario_piece\(red_tank, "red_tank_1"\)/);
    files[path] = second;
    expect(where(files, path)).toMatchObject({ red_tank_1: 'hex:5,3/3', blue_tank_2: 'hex:6,6/0', red_tank_2: 'hex:2,4/2' });
  });

  test('a variant of a ruleset whose setup is one script should keep that script as the first step', () => {
    const base = readFileSync(join(ROOT, 'test/fixtures/runtime/duel/ruleset.yaml'), 'utf8');
    const files: Record<string, string> = { 'rulesets/duel/ruleset.yaml': base };
    const path = 'rulesets/duel/variants/hold.yaml';
    files[path] = 'rulesmith: 1\nid: duel_hold\nname: Duel – hold the keep\nextends: ../ruleset.yaml\nplayers:\n  min: 2\n  max: 2\n';
    files[path] = edited(editScenario(files[path]!, program(files, path), [{ piece: 'soldier_1', to: 'keep' }, { piece: 'soldier_4', to: 'hand@p2' }], { players: 2, options: { short: true } }));
    expect(files[path]).toContain('extends: ../ruleset.yaml\nplayers: { min: 2, max: 2, default: 2 }\nsetup:\n  - id: rules\n');
    expect(files[path]).toMatch(/set:\n  options\.short\.default: true\n$/);
    expect(files[path]).toContain('to players[2].hand');
    expect(where(files, path)).toMatchObject({ soldier_1: 'keep', soldier_2: 'hill', soldier_3: 'barracks', soldier_4: 'hand@p2' });
  });

  test('player count and options should be saved as the scenario’s defaults', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const before = files[path]!;
    files[path] = edited(editScenario(files[path]!, program(files, path), [], { players: 2, options: { turns: 5, hill_bonus: false } }));
    expect(files[path]).toContain('players: { min: 2, max: 2, default: 2 }');
    keepsLines(before, files[path]!, /^players:|^  turns:|^  hill_bonus:/);
    const options = program(files, path).data.options!;
    expect(options['turns']?.default).toBe(5);
    expect(options['hill_bonus']?.default).toBe(false);

    const bos = shippedGame('battle-of-seattle');
    const variant = 'rulesets/battle-of-seattle/variants/long.yaml';
    bos[variant] = newVariantText('battle-of-seattle', bos['rulesets/battle-of-seattle/ruleset.yaml']!, 'Long', variant);
    bos[variant] = edited(editScenario(bos[variant]!, program(bos, variant), [], { options: { extended_game: true } }));
    expect(bos[variant]).toMatch(/set:\n\s+options\.extended_game\.default: true/);
    expect(program(bos, variant).data.options!['extended_game']?.default).toBe(true);
  });

  test('places should become script expressions, and unknown ones be refused', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const p = program(files, path);
    expect(placeExpression(p, 'hill')).toBe('hill');
    expect(placeExpression(p, 'reserve@south')).toBe('south.reserve');
    expect(placeExpression(p, 'hex:1,1')).toBeUndefined();
    expect(editScenario(files[path]!, p, [{ piece: 'nobody_9', to: 'hill' }])).toEqual({ error: 'No piece "nobody_9" in this ruleset.' });
  });
});
