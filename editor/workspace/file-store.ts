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
