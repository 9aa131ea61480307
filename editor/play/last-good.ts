/**
 * The files of each entry's last version that compiled, kept across page loads, so a game view
 * opened on text with errors still plays the last good rules (as it does after an edit in the
 * same session). Stored as a setting beside the autosaved files.
 */
import type { FileStore } from '../workspace/file-store.ts';

export interface LastGoodMemory {
  load(entry: string): Promise<Record<string, string> | undefined>;
  save(entry: string, files: Record<string, string>): void;
}

const KEY = 'play-last-good:';

/** The memory in the store `open` gives (the editor's IndexedDB store, opened on first use). */
export function storedLastGood(open: () => Promise<FileStore>): LastGoodMemory {
  let store: Promise<FileStore> | undefined;
  const opened = () => (store ??= open());
  // The same files compile again after each view switch: write only what changed.
  const written = new Map<string, string>();
  // Only the newest save per entry matters; an older one still writing is simply overwritten.
  return {
    load: async (entry) => (await opened()).getSetting<Record<string, string>>(KEY + entry),
    save: (entry, files) => {
      const key = JSON.stringify(files);
      if (written.get(entry) === key) return;
      written.set(entry, key);
      void opened().then((s) => s.setSetting(KEY + entry, files)).catch(() => undefined);
    },
  };
}
