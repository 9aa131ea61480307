import { describe, expect, test, vi } from 'vitest';
import { MemoryFileStore, StorageJournal, requestPersistentStorage, type KeyValueStorage } from '../../editor/workspace/file-store.ts';
import { Workspace, type CommittedEvent } from '../../editor/workspace/workspace.ts';

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

/** Web Storage that refuses a write once the texts it holds would pass `quota` characters (as localStorage does). */
function quotaStorage(quota: number): KeyValueStorage & { map: Map<string, string> } {
  const storage = mapStorage();
  const size = () => [...storage.map].reduce((n, [k, v]) => n + k.length + v.length, 0);
  const setItem = storage.setItem;
  storage.setItem = (k, v) => {
    if (size() - (k.length + (storage.map.get(k)?.length ?? 0)) + k.length + v.length > quota) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    setItem(k, v);
  };
  return storage;
}

/** A store (IndexedDB's part) whose writes fail while `failing` holds, as when the disk is full. */
class FailingStore extends MemoryFileStore {
  readonly journal: StorageJournal;
  failing: (path: string) => boolean = () => false;
  writes = 0;
  constructor(readonly storage: KeyValueStorage & { map: Map<string, string> } = mapStorage()) {
    super();
    this.journal = new StorageJournal(storage);
  }
  override async put(path: string, text: string): Promise<void> {
    this.writes++;
    if (this.failing(path)) throw Object.assign(new Error('Transaction aborted: QuotaExceededError'), { name: 'QuotaExceededError' });
    return super.put(path, text);
  }
}

describe('autosave under storage pressure (issue 12, item 6)', () => {
  test('a journal write refused for lack of space should not leave an older entry to bring back old text', async () => {
    const store = new FailingStore(quotaStorage(200));
    const ws = await workspace(store);
    // The first save fails; its text stays in the journal, as it should while uncommitted.
    store.failing = () => true;
    ws.update(TABLES, 'tables: {a: 1}\n');
    await ws.flushed();
    expect(ws.saveState).toBe('error');
    expect(store.journal.entries()).toEqual([[TABLES, 'tables: {a: 1}\n']]);
    // Newer text, too big for the journal; this time the store commits it.
    store.failing = () => false;
    const newer = `tables: {a: 2}\n# ${'x'.repeat(300)}\n`;
    ws.update(TABLES, newer);
    await ws.flushed();
    expect(ws.saveState).toBe('saved');
    // A restart shows the newer text, not the old journal entry.
    const next = await workspace(store);
    expect(next.text(TABLES)).toBe(newer);
    expect(store.journal.entries()).toEqual([]);
    // The refusal is shown (the status says storage is nearly full).
    expect(ws.journalRefused).toBe(true);
  });

  test('a failed store write should stay pending and be retried; the state should not say saved until it is', async () => {
    vi.useFakeTimers();
    try {
      const store = new FailingStore();
      const ws = await workspace(store);
      store.failing = (path) => path === TABLES;
      ws.update(TABLES, 'tables: {a: 1}\n');
      await ws.flushed();
      expect(ws.saveState).toBe('error');
      // Another file saves fine; the failed one is still unsaved, so the state stays 'error'.
      ws.update(ENTRY, 'rulesmith: 1\nid: g\nname: Game 2\ninclude: [tables.yaml]\n');
      await ws.flushed();
      expect(ws.saveState).toBe('error');
      expect(ws.unsaved).toBe(1);
      expect((await store.all()).map((f) => f.path)).toEqual([ENTRY]);
      expect(ws.saveError).toBe("the browser's storage for this site is full");
      // Space comes back: the retry (on a timer, no new edit needed) commits it.
      store.failing = () => false;
      const before = store.writes;
      await vi.advanceTimersByTimeAsync(Workspace.RETRY_MAX_MS);
      await ws.flushed();
      expect(store.writes).toBeGreaterThan(before);
      expect(ws.saveState).toBe('saved');
      expect(ws.unsaved).toBe(0);
      expect((await store.all()).find((f) => f.path === TABLES)?.text).toBe('tables: {a: 1}\n');
      expect(store.journal.entries()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  test('saved edits that cannot be read should not stop the editor; the journal still brings back text', async () => {
    const store = new FailingStore();
    store.journal.record(TABLES, 'tables: {j: 1}\n');
    store.all = () => Promise.reject(new Error('IndexedDB read failed'));
    const ws = await workspace(store);
    expect(ws.restoreError).toBe('IndexedDB read failed');
    expect(ws.text(TABLES)).toBe('tables: {j: 1}\n');
  });

  test('persistent storage should be asked for once, and a refusal or a missing API should not fail', async () => {
    const asked: string[] = [];
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => (asked.push('persist'), true) })).toBe(true);
    expect(await requestPersistentStorage({ persisted: async () => true, persist: async () => (asked.push('again'), true) })).toBe(true);
    expect(asked).toEqual(['persist']);
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('no')) })).toBe(false);
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });
});

describe('two tabs of the editor over one store (tab-sync.ts)', () => {
  /** Two workspaces over one store, each commit handed to the other as a BroadcastChannel would. */
  async function twoTabs() {
    const store = new MemoryFileStore();
    const a = await workspace(store);
    const b = await workspace(store);
    const heard: string[] = [];
    const wire = (from: Workspace, to: Workspace, name: string) =>
      from.addEventListener('committed', (e) => {
        const { path, text } = e as CommittedEvent;
        if (to.applyRemote(path, text)) heard.push(`${name}:${path.slice(path.lastIndexOf('/') + 1)}`);
      });
    wire(a, b, 'b');
    wire(b, a, 'a');
    return { store, a, b, heard };
  }

  test("an edit committed in one tab should be taken by the other, so the other's next save keeps it", async () => {
    const { store, a, b, heard } = await twoTabs();
    a.update(TABLES, 'tables: {a: 1}\n');
    await a.flushed();
    expect(b.text(TABLES)).toBe('tables: {a: 1}\n');
    expect(b.isEdited(TABLES)).toBe(true);
    expect(heard).toEqual(['b:tables.yaml']);
    // Tab b goes on from a's text; a takes b's in turn.
    b.update(TABLES, 'tables: {a: 1, b: 2}\n');
    await b.flushed();
    expect(a.text(TABLES)).toBe('tables: {a: 1, b: 2}\n');
    expect((await store.all()).find((f) => f.path === TABLES)?.text).toBe('tables: {a: 1, b: 2}\n');
  });

  test('a new variant, a delete and a revert should reach the other tab; the same text changes nothing', async () => {
    const { a, b } = await twoTabs();
    const path = a.createVariant('g', 'Night');
    await a.flushed();
    expect(b.variants('g')).toEqual([path]);
    a.remove(path);
    await a.flushed();
    expect(b.variants('g')).toEqual([]);
    a.update(TABLES, 'x: 1\n');
    await a.flushed();
    a.revert(TABLES);
    await a.flushed();
    expect(b.text(TABLES)).toBe('tables: {}\n');
    expect(b.isEdited(TABLES)).toBe(false);
    expect(b.applyRemote(TABLES, null)).toBe(false);
    expect(b.applyRemote('elsewhere/x.yaml', 'y: 1\n')).toBe(false);
  });

  test("a tab's own write still on its way should win over an older one from the other tab", async () => {
    const { a, b } = await twoTabs();
    b.update(TABLES, 'tables: {mine: 1}\n');
    // b's write is pending (not yet committed) when a's commit arrives: b keeps its own.
    expect(b.applyRemote(TABLES, 'tables: {theirs: 1}\n')).toBe(false);
    expect(b.text(TABLES)).toBe('tables: {mine: 1}\n');
    await b.flushed();
    // b's commit then reaches a: both end with the last text written.
    expect(a.text(TABLES)).toBe('tables: {mine: 1}\n');
  });
});
