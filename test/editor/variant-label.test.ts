import { describe, expect, test } from 'vitest';
import { variantLabel } from '../../editor/workspace/catalog.ts';

describe('the nav\'s ruleset labels', () => {
  test('a variant should be labelled by its name without the game\'s, starting with a capital, or by its file', () => {
    const label = (name: string | null, path = 'rulesets/g/variants/v.yaml') => variantLabel(name === null ? 'rulesmith: 1\n' : `rulesmith: 1\nname: "${name}"\n`, 'Game', path);
    expect(label('Game – scarce cubes')).toBe('Scarce cubes');
    expect(label('Game – Dutch readings')).toBe('Dutch readings');
    expect(label('Lenient authority')).toBe('Lenient authority');
    expect(label(null, 'rulesets/g/variants/plain.yaml')).toBe('plain.yaml');
  });
});
