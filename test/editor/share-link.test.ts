import { describe, expect, test } from 'vitest';
import { decodeShare, encodeShare } from '../../editor/workspace/share-link.ts';

describe('share links', () => {
  test('a variant should round-trip through the link, compressed', async () => {
    const text = `rulesmith: 1\nextends: ../ruleset.yaml\n${'# padding\n'.repeat(200)}`;
    const hash = await encodeShare({ game: 'dragut', file: 'night.yaml', text });
    expect(hash).toMatch(/^#share=[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(text.length / 4);
    expect(await decodeShare(hash)).toEqual({ game: 'dragut', file: 'night.yaml', text });
  });

  test('a damaged or hostile link should be refused with a reason, never thrown', async () => {
    expect(await decodeShare('#share=%%%')).toHaveProperty('error');
    expect(await decodeShare('#nothing')).toHaveProperty('error');
    const badPath = await encodeShare({ game: '../etc', file: 'x.yaml', text: '' });
    expect(await decodeShare(badPath)).toEqual({ error: 'The link names no valid game.' });
    const badFile = await encodeShare({ game: 'dragut', file: '../ruleset.yaml', text: '' });
    expect(await decodeShare(badFile)).toEqual({ error: 'The link names no valid variant file.' });
  });

  test('a link that inflates past the limit should be refused', async () => {
    const huge = await encodeShare({ game: 'dragut', file: 'x.yaml', text: 'a'.repeat(2 * 1024 * 1024) });
    const result = await decodeShare(huge);
    expect(result).toHaveProperty('error');
    expect((result as { error: string }).error).toContain('too large');
  });
});
