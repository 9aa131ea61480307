import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ProgramCache } from '../../editor/play/compile.ts';
import { storedLastGood } from '../../editor/play/last-good.ts';
import { MemoryFileStore } from '../../editor/workspace/file-store.ts';
import { ROOT } from './helpers.ts';

const ENTRY = 'rulesets/x/ruleset.yaml';
const GOOD = { [ENTRY]: readFileSync(join(ROOT, 'test/fixtures/editor/march/ruleset.yaml'), 'utf8') };
const BROKEN = { [ENTRY]: `${GOOD[ENTRY]}\nflow: 3\n` };

describe('ProgramCache (the playtest worker keeps the last good rules)', () => {
  test('on a fresh load, text with errors should fall back to the last good files of an earlier load', () => {
    const cache = new ProgramCache();
    expect(cache.compile(BROKEN, ENTRY).ok).toBe(false);
    expect(cache.program(ENTRY)).toBeUndefined();
    const program = cache.fallback(GOOD, ENTRY);
    expect(program).toBeDefined();
    expect(cache.program(ENTRY)).toBe(program);
  });

  test('a fallback should not replace rules that compiled in this load, and a broken fallback gives none', () => {
    const cache = new ProgramCache();
    const compiled = cache.compile(GOOD, ENTRY);
    if (!compiled.ok) throw new Error(compiled.message);
    expect(cache.fallback(BROKEN, ENTRY)).toBe(compiled.program);
    expect(new ProgramCache().fallback(BROKEN, ENTRY)).toBeUndefined();
  });
});

describe('storedLastGood (the last good files kept across page loads)', () => {
  test('should give back the files saved for an entry, writing the same files once', async () => {
    const store = new MemoryFileStore();
    let writes = 0;
    const setSetting = store.setSetting.bind(store);
    store.setSetting = async (key, value) => {
      writes++;
      return setSetting(key, value);
    };
    const memory = storedLastGood(async () => store);
    expect(await memory.load(ENTRY)).toBeUndefined();
    memory.save(ENTRY, GOOD);
    memory.save(ENTRY, { ...GOOD });
    await expect.poll(() => memory.load(ENTRY)).toEqual(GOOD);
    expect(writes).toBe(1);
    // A fresh page (a new memory over the same store) reads them back.
    expect(await storedLastGood(async () => store).load(ENTRY)).toEqual(GOOD);
  });
});
