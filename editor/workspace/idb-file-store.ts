/**
 * Autosave in IndexedDB: one record per file path, plus settings. Falls back to memory, with
 * `persistent: false`, where IndexedDB is refused (some private modes).
 */
import { MemoryFileStore, StorageJournal, type FileStore, type StoredFile, type WriteJournal } from './file-store.ts';

const DB_NAME = 'rulesmith-editor';
const DB_VERSION = 1;
const FILES = 'files';
const SETTINGS = 'settings';

export async function openFileStore(): Promise<FileStore> {
  try {
    return new IdbFileStore(await openDb());
  } catch {
    return new MemoryFileStore();
  }
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(FILES)) db.createObjectStore(FILES, { keyPath: 'path' });
      if (!db.objectStoreNames.contains(SETTINGS)) db.createObjectStore(SETTINGS);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

/** localStorage, where the browser allows it (some private modes throw on access). */
function localJournal(): WriteJournal | undefined {
  try {
    return new StorageJournal(window.localStorage);
  } catch {
    return undefined;
  }
}

function done<T>(request: IDBRequest<T>, tx: IDBTransaction): Promise<T> {
  return new Promise((resolve, reject) => {
    // Resolve on commit, not on success: a write only counts once it is durable.
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });
}

class IdbFileStore implements FileStore {
  readonly persistent = true;
  readonly journal: WriteJournal | undefined = localJournal();
  constructor(private readonly db: IDBDatabase) {}

  all(): Promise<StoredFile[]> {
    const tx = this.db.transaction(FILES, 'readonly');
    return done(tx.objectStore(FILES).getAll() as IDBRequest<StoredFile[]>, tx);
  }

  async put(path: string, text: string): Promise<void> {
    const tx = this.db.transaction(FILES, 'readwrite', { durability: 'strict' });
    await done(tx.objectStore(FILES).put({ path, text, savedAt: Date.now() } satisfies StoredFile), tx);
  }

  async delete(path: string): Promise<void> {
    const tx = this.db.transaction(FILES, 'readwrite', { durability: 'strict' });
    await done(tx.objectStore(FILES).delete(path), tx);
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    const tx = this.db.transaction(SETTINGS, 'readonly');
    return (await done(tx.objectStore(SETTINGS).get(key), tx)) as T | undefined;
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    const tx = this.db.transaction(SETTINGS, 'readwrite');
    await done(tx.objectStore(SETTINGS).put(value, key), tx);
  }
}

