/**
 * The files being edited: the shipped rulesets (read-only originals) with the user's edits and new
 * variants on top. Every change is written to the file store at once (one write in flight, the
 * newest text wins) and to its synchronous journal until committed, so a reload or a crash loses
 * nothing, even mid-write. Events: `change` (files changed),
 * `save-state` (see `saveState`).
 */
import { baseFilesOf, entryOf, gameOf, isVariantPath, listGames, variantsOf, type GameInfo } from './catalog.ts';
import type { FileStore } from './file-store.ts';
import { newVariantText, slugify, uniqueVariantPath } from './variant-template.ts';

export type SaveState = 'saved' | 'saving' | 'error';

/** Loads the shipped files of one game (all of them, entry included). */
export type ShippedLoader = (game: string) => Promise<ReadonlyMap<string, string>>;

export class Workspace extends EventTarget {
  /** Shipped files loaded so far: every entry file, and all files of the games opened. */
  private readonly shipped: Map<string, string>;
  private readonly loadedGames = new Set<string>();
  /** Edited shipped files and files the user created, by path. */
  private readonly overrides = new Map<string, string>();
  /** Writes not yet committed: path → text, or `null` for a delete. */
  private readonly pending = new Map<string, string | null>();
  private flushing: Promise<void> | undefined;
  saveState: SaveState = 'saved';
  saveError = '';

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
    for (const file of await this.store.all()) {
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

  /** Resolves once every change so far is committed. */
  async flushed(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private write(path: string, text: string | null): void {
    this.store.journal?.record(path, text);
    this.pending.set(path, text);
    this.dispatchEvent(new Event('change'));
    this.flushing ??= this.flush();
  }

  private async flush(): Promise<void> {
    this.setSaveState('saving');
    try {
      while (this.pending.size > 0) {
        const [path, text] = this.pending.entries().next().value as [string, string | null];
        this.pending.delete(path);
        if (text === null) await this.store.delete(path);
        else await this.store.put(path, text);
        this.store.journal?.settle(path, text);
      }
      this.setSaveState('saved');
    } catch (error) {
      this.saveError = error instanceof Error ? error.message : String(error);
      this.setSaveState('error');
    } finally {
      // After an error the unwritten changes stay pending; the next change retries them.
      this.flushing = undefined;
    }
  }

  private setSaveState(state: SaveState): void {
    this.saveState = state;
    this.dispatchEvent(new Event('save-state'));
  }
}
