/**
 * Where edits are kept: a store of files by path plus a few settings (the last game and file).
 * The browser uses IndexedDB (idb-file-store.ts); this file holds the contract and an in-memory
 * store for tests and for browsers that refuse storage.
 */

export interface StoredFile {
  path: string;
  text: string;
  savedAt: number;
}

export interface FileStore {
  readonly persistent: boolean;
  /** Writes not yet committed, kept synchronously (see WriteJournal); absent for memory stores. */
  readonly journal?: WriteJournal;
  all(): Promise<StoredFile[]>;
  put(path: string, text: string): Promise<void>;
  delete(path: string): Promise<void>;
  getSetting<T>(key: string): Promise<T | undefined>;
  setSetting(key: string, value: unknown): Promise<void>;
}

/** Keeps files until the page closes. */
export class MemoryFileStore implements FileStore {
  readonly persistent = false;
  private readonly files = new Map<string, StoredFile>();
  private readonly settings = new Map<string, unknown>();

  async all(): Promise<StoredFile[]> {
    return [...this.files.values()];
  }
  async put(path: string, text: string): Promise<void> {
    this.files.set(path, { path, text, savedAt: Date.now() });
  }
  async delete(path: string): Promise<void> {
    this.files.delete(path);
  }
  async getSetting<T>(key: string): Promise<T | undefined> {
    return this.settings.get(key) as T | undefined;
  }
  async setSetting(key: string, value: unknown): Promise<void> {
    this.settings.set(key, value);
  }
}

/**
 * A synchronous record of writes the store has not committed yet. IndexedDB commits
 * asynchronously, so a write started as the page unloads (or just before a crash) can be lost;
 * the journal, written at once, replays it on the next start. A write settles its entry only if
 * no newer text replaced it meanwhile.
 */
export interface WriteJournal {
  record(path: string, text: string | null): void;
  settle(path: string, text: string | null): void;
  /** Uncommitted writes: path → text, or null for a delete. */
  entries(): Array<[string, string | null]>;
}

/** The part of the Web Storage API the journal uses. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const JOURNAL_PREFIX = 'rulesmith-journal:';

/** A journal in Web Storage (localStorage: synchronous, survives unload). */
export class StorageJournal implements WriteJournal {
  constructor(private readonly storage: KeyValueStorage) {}

  record(path: string, text: string | null): void {
    try {
      this.storage.setItem(JOURNAL_PREFIX + path, JSON.stringify({ text }));
    } catch {
      // Full or refused: the IndexedDB write still runs; only its unload safety net is missing.
    }
  }

  settle(path: string, text: string | null): void {
    if (this.storage.getItem(JOURNAL_PREFIX + path) === JSON.stringify({ text })) this.storage.removeItem(JOURNAL_PREFIX + path);
  }

  entries(): Array<[string, string | null]> {
    const out: Array<[string, string | null]> = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (!key?.startsWith(JOURNAL_PREFIX)) continue;
      try {
        const { text } = JSON.parse(this.storage.getItem(key) ?? 'null') as { text: unknown };
        if (typeof text === 'string' || text === null) out.push([key.slice(JOURNAL_PREFIX.length), text]);
      } catch {
        // Not ours or damaged: ignore.
      }
    }
    return out;
  }
}
