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

  test('a game whose name has a subtitle should lose its title from its variants\' labels, and only a whole word of it', () => {
    const label = (name: string) => variantLabel(`rulesmith: 1\nname: "${name}"\n`, 'Game – The Subtitle', 'rulesets/g/variants/v.yaml');
    expect(label('Game – alternative Alarm Table')).toBe('Alternative Alarm Table');
    expect(label('Game – The Subtitle: long game')).toBe('Long game');
    expect(label('Gamers – house rules')).toBe('Gamers – house rules');
  });
});
