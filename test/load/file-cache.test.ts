import { describe, expect, test } from 'vitest';
import { checkRuleset, ParseCache } from '../../interpreter/check/index.ts';
import { createMemoryHost, FileCache, loadRuleset, type LoadResult } from '../../interpreter/load/index.ts';
import { shippedGame } from '../editor/helpers.ts';

const GAMES = ['battle-of-seattle', 'blockade-runner', 'blue-max', 'dragut'];

/** What a load gives, as plain data: the model's data, files and lineage, and the diagnostics. */
const plain = (r: LoadResult) => JSON.stringify({ data: r.model?.data, lineage: r.model?.lineage, files: [...(r.model?.files.keys() ?? [])], diagnostics: r.diagnostics });

/** Every entry of a game's folder: the base and each variant. */
const entriesOf = (files: Record<string, string>, game: string) => Object.keys(files).filter((p) => p === `rulesets/${game}/ruleset.yaml` || p.startsWith(`rulesets/${game}/variants/`));

describe('caches shared between loads and checks (the editor checks as the designer types)', () => {
  test.each(GAMES)('%s, its variants, an edit and a broken file: the same results with the caches as without', (game) => {
    const files = shippedGame(game);
    const cache = new FileCache();
    const parses = new ParseCache();
    const run = (fs: Record<string, string>, withCache: boolean) =>
      entriesOf(fs, game).map((entry) => {
        const loaded = loadRuleset(entry, createMemoryHost(fs), withCache ? { cache } : {});
        const checked = loaded.model ? checkRuleset(loaded.model, withCache ? { parses } : {}) : [];
        return `${plain(loaded)}\n${JSON.stringify(checked)}`;
      });
    // A script edited, then a YAML error: each pass as a new editor pass would see it.
    const path = Object.keys(files).find((p) => p.startsWith(`rulesets/${game}/`) && files[p]!.includes('do: |'))!;
    const edited = { ...files, [path]: files[path]!.replace('do: |\n', 'do: |\n      let unused_here = 1 + true\n') };
    const broken = { ...files, [path]: `${files[path]!}\n  - [unclosed\n` };
    const fresh = new Map([files, edited, broken].map((fs) => [fs, run(fs, false)]));
    for (const fs of [files, edited, broken, broken, files]) expect(run(fs, true)).toEqual(fresh.get(fs));
    expect(fresh.get(edited)!.join('')).toContain('type-mismatch');
    expect(fresh.get(broken)!.join('')).toContain('"severity":"error"');
  });

  test('a file read again with the same text should be taken from the cache, and one edited parsed anew', () => {
    const files = shippedGame('dragut');
    const cache = new FileCache();
    const entry = 'rulesets/dragut/ruleset.yaml';
    const first = loadRuleset(entry, createMemoryHost(files), { cache });
    expect(cache.size).toBe(first.model!.files.size);
    loadRuleset(entry, createMemoryHost(files), { cache });
    expect(cache.size).toBe(first.model!.files.size);
    const path = [...first.model!.files.keys()].find((p) => p !== entry)!;
    const edited = loadRuleset(entry, createMemoryHost({ ...files, [path]: `${files[path]}\n# a comment\n` }), { cache });
    expect(cache.size).toBe(first.model!.files.size + 1);
    expect(edited.model!.files.get(path)!.text).toContain('# a comment');
  });

  test('the caches should keep only their most recently used entries', () => {
    const cache = new FileCache(2);
    const parses = new ParseCache(3);
    for (let i = 0; i < 5; i++) {
      const files = { 'r.yaml': `rulesmith: 1\nid: r${i}\nname: R\nprocedures:\n  p: { params: [], do: "log ${i}" }\n` };
      const loaded = loadRuleset('r.yaml', createMemoryHost(files), { cache });
      checkRuleset(loaded.model!, { parses });
    }
    expect(cache.size).toBe(2);
    expect(parses.size).toBe(3);
  });
});
