/**
 * The files being edited: the shipped rulesets (read-only originals) with the user's edits, new
 * variants and games of their own on top. Every change is written to the file store at once (one write in flight, the
 * newest text wins) and to its synchronous journal until committed, so a reload or a crash loses
 * nothing, even mid-write. A write the store refuses (storage full) stays pending and is retried;
 * the state says why meanwhile. Events: `change` (files changed), `save-state` (see `saveState`),
 * `committed` (a `CommittedEvent`: one file's text is in the store; other tabs are told, and take
 * it with `applyRemote`, so two tabs of the editor never write over each other's edits unseen).
 */
import { adaptTemplate, gameId, templateNames } from '../../interpreter/load/new-game.ts';
import { baseFilesOf, entryOf, gameOf, isVariantPath, listGames, RULESETS_DIR, variantsOf, type GameInfo } from './catalog.ts';
import type { FileStore } from './file-store.ts';
import { newVariantText, slugify, uniqueVariantPath } from './variant-template.ts';

export type SaveState = 'saved' | 'saving' | 'error';

/** A file's text committed to the store (`null`: its override removed: deleted, or back to shipped). */
export class CommittedEvent extends Event {
  constructor(
    readonly path: string,
    readonly text: string | null,
  ) {
    super('committed');
  }
}

/** Loads the shipped files of one game (all of them, entry included). */
export type ShippedLoader = (game: string) => Promise<ReadonlyMap<string, string>>;

export class Workspace extends EventTarget {
  /** First wait before a failed write is tried again; it doubles up to RETRY_MAX_MS. */
  static RETRY_MS = 1000;
  static RETRY_MAX_MS = 30_000;

  /** Shipped files loaded so far: every entry file, and all files of the games opened. */
  private readonly shipped: Map<string, string>;
  private readonly loadedGames = new Set<string>();
  /** Edited shipped files and files the user created, by path. */
  private readonly overrides = new Map<string, string>();
  /** Writes not yet committed: path → text, or `null` for a delete. */
  private readonly pending = new Map<string, string | null>();
  private flushing: Promise<void> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryMs = Workspace.RETRY_MS;
  saveState: SaveState = 'saved';
  /** Why the last save failed (with `saveState` 'error'), in words. */
  saveError = '';
  /** Set while the synchronous journal is refused (storage full): a reload mid-save could lose the last edit. */
  journalRefused = false;
  /** Why the saved edits could not be read at start, if they could not. */
  restoreError = '';

  constructor(
    shippedEntries: ReadonlyMap<string, string>,
    private readonly loadShipped: ShippedLoader,
    readonly store: FileStore,
  ) {
    super();
    this.shipped = new Map(shippedEntries);
  }

  /** Load a game's shipped files (once); call before showing the game. */
  async openGame(game: string): Promise<void> {
    if (this.loadedGames.has(game)) return;
    for (const [path, text] of await this.loadShipped(game)) this.shipped.set(path, text);
    this.loadedGames.add(game);
  }

  /** Read the saved edits, then replay writes the journal says never committed (an unload cut them short). */
  async restore(): Promise<void> {
    let files: Awaited<ReturnType<FileStore['all']>> = [];
    try {
      files = await this.store.all();
    } catch (error) {
      // The editor still opens (with the shipped files and the journal) and says why.
      this.restoreError = describeStorageError(error);
    }
    for (const file of files) {
      if (gameOf(file.path) && typeof file.text === 'string') this.overrides.set(file.path, file.text);
    }
    for (const [path, text] of this.store.journal?.entries() ?? []) {
      if (!gameOf(path)) continue;
      if (text === null) this.overrides.delete(path);
      else this.overrides.set(path, text);
      this.write(path, text);
    }
  }

  paths(): string[] {
    return [...new Set([...this.shipped.keys(), ...this.overrides.keys()])];
  }

  games(): GameInfo[] {
    return listGames(this.paths(), (p) => this.text(p));
  }

  text(path: string): string | undefined {
    return this.overrides.get(path) ?? this.shipped.get(path);
  }

  shippedText(path: string): string | undefined {
    return this.shipped.get(path);
  }

  /** Whether a path was shipped (for files of games already opened). */
  isShipped(path: string): boolean {
    return this.shipped.has(path);
  }

  /** A shipped file whose text differs from what shipped. */
  isEdited(path: string): boolean {
    return this.shipped.has(path) && this.overrides.has(path);
  }

  /** Every file of a game folder, as the validator's in-memory host sees it. */
  gameFiles(game: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const path of this.paths()) if (gameOf(path) === game) out[path] = this.text(path)!;
    return out;
  }

  baseFiles(game: string): string[] {
    return baseFilesOf(game, this.paths());
  }

  variants(game: string): string[] {
    return variantsOf(game, this.paths());
  }

  update(path: string, text: string): void {
    if (this.text(path) === text) return;
    if (this.shipped.get(path) === text) this.overrides.delete(path);
    else this.overrides.set(path, text);
    this.write(path, this.overrides.has(path) ? text : null);
  }

  /**
   * Another tab of the editor committed `text` for `path` (`null`: removed its override). Taken as
   * this tab's text, as the store now holds it — unless this tab has its own write of the file
   * still pending: that one is newer here, and its commit is sent to the other tabs in turn, so
   * every tab ends with the last text written. Returns whether this tab's text changed.
   */
  applyRemote(path: string, text: string | null): boolean {
    if (!gameOf(path) || this.pending.has(path)) return false;
    const before = this.text(path);
    if (text === null || this.shipped.get(path) === text) this.overrides.delete(path);
    else this.overrides.set(path, text);
    if (this.text(path) === before) return false;
    this.dispatchEvent(new Event('change'));
    return true;
  }

  /** Back to the shipped text (shipped files) — explicit, never automatic. */
  revert(path: string): void {
    if (!this.shipped.has(path) || !this.overrides.has(path)) return;
    this.overrides.delete(path);
    this.write(path, null);
  }

  /** Delete a file the user created. Shipped files can only be reverted. */
  remove(path: string): void {
    if (this.shipped.has(path) || !this.overrides.has(path)) return;
    this.overrides.delete(path);
    this.write(path, null);
  }

  /** Create an empty variant of `game`; returns its path. */
  createVariant(game: string, name: string): string {
    const path = uniqueVariantPath(game, slugify(name), new Set(this.paths()));
    this.update(path, newVariantText(game, this.text(entryOf(game)) ?? '', name, path));
    return path;
  }

  /**
   * A new game of one's own from a template's files (path inside the template → text): the folder
   * `rulesets/<name as a slug>[-n]` (never a game's that exists, nor `reserved`), the ruleset's id
   * from the folder and its name as given, each file's schema modeline as the repository's. Returns
   * the game's folder name.
   */
  createGame(name: string, template: ReadonlyMap<string, string>, reserved: readonly string[] = []): string {
    const taken = new Set<string | undefined>([...this.paths().map(gameOf), ...reserved]);
    const slug = slugify(name, 'game');
    let game = slug;
    for (let n = 2; taken.has(game); n++) game = `${slug}-${n}`;
    const names = templateNames(template.get('ruleset.yaml') ?? '', 'template');
    const id = gameId(game) ?? 'game';
    for (const [rel, text] of template) {
      // rulesets/<game>/x.yaml is two folders below the repository's grammar/, variants/x.yaml three.
      const schema = `${'../'.repeat(rel.split('/').length + 1)}grammar/ruleset.schema.json`;
      this.update(`${RULESETS_DIR}/${game}/${rel}`, adaptTemplate(text, { template: names, id, name, schema }));
    }
    return game;
  }

  /** A game the user made (its entry file was never shipped). */
  isOwnGame(game: string): boolean {
    return !this.shipped.has(entryOf(game)) && this.overrides.has(entryOf(game));
  }

  /** Delete every file of a game of one's own. Shipped games' files can only be reverted. */
  removeGame(game: string): void {
    if (!this.isOwnGame(game)) return;
    for (const path of this.paths()) if (gameOf(path) === game) this.remove(path);
  }

  /**
   * Add a variant file (imported or shared) under `game`'s variants/. Returns the path of an
   * existing variant with the same text instead of adding a copy.
   */
  addVariant(game: string, fileName: string, text: string): string {
    for (const path of this.variants(game)) if (this.text(path) === text) return path;
    const slug = slugify(fileName.replace(/\.ya?ml$/i, ''));
    const path = uniqueVariantPath(game, slug, new Set(this.paths()));
    this.update(path, text);
    return path;
  }

  isVariant(path: string): boolean {
    return isVariantPath(path);
  }

  /** Resolves once no write is running: every change so far committed, or `saveState` 'error' with a retry scheduled. */
  async flushed(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Changes not yet committed to the store (they are still in memory, and downloadable). */
  get unsaved(): number {
    return this.pending.size;
  }

  private write(path: string, text: string | null): void {
    const journaled = this.store.journal?.record(path, text);
    if (journaled !== undefined && journaled === this.journalRefused) {
      this.journalRefused = !journaled;
      this.dispatchEvent(new Event('save-state'));
    }
    this.pending.set(path, text);
    // An edit tries at once; the wait before the next retry grows only while nothing is edited.
    this.retryMs = Workspace.RETRY_MS;
    this.dispatchEvent(new Event('change'));
    this.flushing ??= this.flush();
  }

  /**
   * Write what is pending. A change leaves `pending` only once the store has committed it (and
   * only if no newer text replaced it meanwhile), so a failed write stays pending: it is tried
   * again after a wait that grows, or at the next change, and the state says 'saved' only when
   * nothing is pending. One failed file does not hold back the others.
   */
  private async flush(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.setSaveState('saving');
    let failure: unknown;
    try {
      for (;;) {
        for (const [path, text] of [...this.pending]) {
          // Replaced since this pass began: the next pass writes the newer text.
          if (this.pending.get(path) !== text) continue;
          try {
            if (text === null) await this.store.delete(path);
            else await this.store.put(path, text);
          } catch (error) {
            failure ??= error;
            continue;
          }
          if (this.pending.get(path) === text) this.pending.delete(path);
          this.store.journal?.settle(path, text);
          this.dispatchEvent(new CommittedEvent(path, text));
        }
        if (failure !== undefined || this.pending.size === 0) break;
      }
    } finally {
      this.flushing = undefined;
    }
    if (failure === undefined) {
      this.retryMs = Workspace.RETRY_MS;
      this.saveError = '';
      this.setSaveState('saved');
      return;
    }
    this.saveError = describeStorageError(failure);
    this.setSaveState('error');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flushing ??= this.flush();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, Workspace.RETRY_MAX_MS);
  }

  private setSaveState(state: SaveState): void {
    this.saveState = state;
    this.dispatchEvent(new Event('save-state'));
  }
}

/** A storage failure in words: a full quota is the likely one, and says what to do. */
export function describeStorageError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  if (name === 'QuotaExceededError' || /quota/i.test(message)) return 'the browser\'s storage for this site is full';
  return message || name || 'the browser refused to store it';
}
