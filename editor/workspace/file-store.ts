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

/** The part of the Storage API (`navigator.storage`) used to ask for storage that is not evicted. */
export interface PersistenceManager {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
}

/**
 * Ask the browser not to evict this site's storage when the disk runs low (without it, browsers
 * may silently clear IndexedDB and localStorage). True when granted; the editor works either way.
 */
export async function requestPersistentStorage(storage: PersistenceManager | undefined = (globalThis as { navigator?: { storage?: PersistenceManager } }).navigator?.storage): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
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
  /**
   * Keep `text` until settled; false when the storage refused it (full). Then no older entry for
   * `path` is kept either: replayed on the next start, it would bring back text older than what
   * the store holds.
   */
  record(path: string, text: string | null): boolean;
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

  record(path: string, text: string | null): boolean {
    try {
      this.storage.setItem(JOURNAL_PREFIX + path, JSON.stringify({ text }));
      return true;
    } catch {
      // Full or refused: the IndexedDB write still runs; only its unload safety net is missing.
      this.forget(path);
      return false;
    }
  }

  settle(path: string, text: string | null): void {
    try {
      if (this.storage.getItem(JOURNAL_PREFIX + path) === JSON.stringify({ text })) this.storage.removeItem(JOURNAL_PREFIX + path);
    } catch {
      // Storage gone (access revoked): nothing of ours is left to settle.
    }
  }

  private forget(path: string): void {
    try {
      this.storage.removeItem(JOURNAL_PREFIX + path);
    } catch {
      // As above.
    }
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
