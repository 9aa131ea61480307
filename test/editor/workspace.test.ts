import { describe, expect, test } from 'vitest';
import { MemoryFileStore, StorageJournal, type KeyValueStorage } from '../../editor/workspace/file-store.ts';
import { Workspace } from '../../editor/workspace/workspace.ts';

const ENTRY = 'rulesets/g/ruleset.yaml';
const TABLES = 'rulesets/g/tables.yaml';
const shippedGame = new Map([
  [ENTRY, 'rulesmith: 1\nid: g\nname: Game\ninclude: [tables.yaml]\n'],
  [TABLES, 'tables: {}\n'],
]);

async function workspace(store = new MemoryFileStore()): Promise<Workspace> {
  const ws = new Workspace(new Map([[ENTRY, shippedGame.get(ENTRY)!]]), async () => shippedGame, store);
  await ws.restore();
  await ws.openGame('g');
  return ws;
}

describe('workspace', () => {
  test('an edit should be saved at once and come back after a restart', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    ws.update(TABLES, 'tables: { t: {} }\n');
    expect(ws.saveState).toBe('saving');
    await ws.flushed();
    expect(ws.saveState).toBe('saved');
    const again = await workspace(store);
    expect(again.text(TABLES)).toBe('tables: { t: {} }\n');
    expect(again.isEdited(TABLES)).toBe(true);
  });

  test('reverting should restore the shipped text; writing it back by hand should too', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    ws.update(TABLES, 'x: 1\n');
    ws.revert(TABLES);
    await ws.flushed();
    expect(ws.text(TABLES)).toBe('tables: {}\n');
    expect(await store.all()).toEqual([]);
    ws.update(TABLES, 'x: 2\n');
    ws.update(TABLES, 'tables: {}\n');
    await ws.flushed();
    expect(ws.isEdited(TABLES)).toBe(false);
  });

  test('new and imported variants should get free names; an identical import should reuse the file', async () => {
    const ws = await workspace();
    const a = ws.createVariant('g', 'Night');
    const b = ws.createVariant('g', 'Night');
    expect([a, b]).toEqual(['rulesets/g/variants/night.yaml', 'rulesets/g/variants/night-2.yaml']);
    expect(ws.text(a)).toContain('extends: ../ruleset.yaml');
    expect(ws.addVariant('g', 'Other.YAML', ws.text(a)!)).toBe(a);
    expect(ws.addVariant('g', 'Other.YAML', 'rulesmith: 1\n')).toBe('rulesets/g/variants/other.yaml');
    expect(ws.variants('g')).toHaveLength(3);
    ws.remove(b);
    expect(ws.variants('g')).toHaveLength(2);
    // Shipped files cannot be deleted.
    ws.remove(ENTRY);
    expect(ws.text(ENTRY)).toBeDefined();
  });
});

/** Web Storage over a Map (what localStorage offers the journal). */
function mapStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() { return map.size; },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

/** A store whose writes can be made to never commit, as when the page unloads mid-write. */
class UnloadingStore extends MemoryFileStore {
  readonly journal: StorageJournal;
  cut = false;
  constructor(readonly storage = mapStorage()) {
    super();
    this.journal = new StorageJournal(storage);
  }
  override put(path: string, text: string): Promise<void> {
    return this.cut ? new Promise(() => {}) : super.put(path, text);
  }
  override delete(path: string): Promise<void> {
    return this.cut ? new Promise(() => {}) : super.delete(path);
  }
}

describe('write journal (a reload right after typing)', () => {
  test('a write the store never committed should come back from the journal, and then be committed', async () => {
    const store = new UnloadingStore();
    const ws = await workspace(store);
    ws.update(TABLES, 'tables: {a: 1}\n');
    await ws.flushed();
    expect(store.storage.map.size).toBe(0);
    store.cut = true;
    ws.update(TABLES, 'tables: {a: 2}\n');
    // The page goes away here: the write never commits. The next start:
    store.cut = false;
    const next = await workspace(store);
    expect(next.text(TABLES)).toBe('tables: {a: 2}\n');
    await next.flushed();
    expect((await store.all()).find((f) => f.path === TABLES)?.text).toBe('tables: {a: 2}\n');
    expect(store.storage.map.size).toBe(0);
  });

  test('an older write committing late should not settle a newer journal entry; deletes replay too', async () => {
    const storage = mapStorage();
    const journal = new StorageJournal(storage);
    journal.record(TABLES, 'one');
    journal.record(TABLES, 'two');
    journal.settle(TABLES, 'one');
    expect(journal.entries()).toEqual([[TABLES, 'two']]);
    journal.record('rulesets/g/variants/v.yaml', null);
    storage.setItem('unrelated', 'x');
    storage.setItem('rulesmith-journal:broken', '{');
    expect(journal.entries()).toEqual([[TABLES, 'two'], ['rulesets/g/variants/v.yaml', null]]);

    const store = new UnloadingStore();
    await store.put('rulesets/g/variants/v.yaml', 'rulesmith: 1\n');
    store.journal.record('rulesets/g/variants/v.yaml', null);
    const ws = await workspace(store);
    expect(ws.text('rulesets/g/variants/v.yaml')).toBeUndefined();
    await ws.flushed();
    expect(await store.all()).toEqual([]);
  });
});
