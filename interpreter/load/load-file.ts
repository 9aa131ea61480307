/**
 * One file from host to located data: read, decode, parse, convert, freeze, check against the
 * schema. Each file is loaded once per `loadRuleset` call.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { FileHost } from './file-host.ts';
import type { SourceFile } from './model.ts';
import { deepFreeze, type Located } from './origin-tree.ts';
import { parseYaml } from './parse-yaml.ts';
import { sourceFile } from './positions.ts';
import { decodeSource, type LoadLimits } from './read-source.ts';
import { checkSchema } from './schema-check.ts';
import { checkSwallowedKeys, checkSwallowedKeysIn } from './swallowed-keys.ts';
import { readFastYaml } from './fast-yaml.ts';
import { toData } from './to-data.ts';

/** `missing`: the host has no such file; `failed`: it exists but could not be read as YAML. */
export type FileStatus = 'ok' | 'missing' | 'failed' | 'over-limit';

export interface LoadedFile {
  status: FileStatus;
  located?: Located;
}

/** What reading one file gave: kept by a FileCache for the next load of the same text. */
interface ReadResult {
  file: SourceFile;
  diagnostics: Diagnostic[];
  broken: boolean;
  loaded: LoadedFile;
}

/**
 * Files read before, by path and text, for a caller that loads the same files again and again:
 * the editor checks the base game and each of its variants on every pause in typing, and each
 * loads the base's files. A file's result depends only on its path, its text and the limits, and
 * its data is frozen, so loads can share it. Keeps the most recently used `capacity` files.
 */
export class FileCache {
  private readonly entries = new Map<string, ReadResult>();
  // About 140 KB a file kept (Node, the shipped rulesets): 100 hold the four games' 73 files.
  constructor(private readonly capacity = 100) {}

  /** @internal */
  get(key: string): ReadResult | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** @internal */
  set(key: string, value: ReadResult): void {
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

export class FileLoader {
  readonly files = new Map<string, SourceFile>();
  /** Files whose YAML had errors: schema findings there are recovery noise. */
  readonly broken = new Set<string>();
  private readonly cache = new Map<string, LoadedFile>();

  constructor(
    private readonly host: FileHost,
    private readonly limits: LoadLimits,
    private readonly diagnostics: Diagnostic[],
    private readonly shared?: FileCache,
  ) {}

  load(path: string): LoadedFile {
    const cached = this.cache.get(path);
    if (cached) return cached;
    const loaded = this.cache.size >= this.limits.maxFiles ? { status: 'over-limit' as const } : this.read(path);
    this.cache.set(path, loaded);
    return loaded;
  }

  private read(path: string): LoadedFile {
    const content = this.readHost(path);
    if (content === undefined) return { status: 'missing' };
    const decoded = decodeSource(path, content, this.limits);
    this.diagnostics.push(...decoded.diagnostics);
    if (decoded.text === undefined) return { status: 'failed' };
    const key = this.shared ? `${JSON.stringify(this.limits)}\0${path}\0${decoded.text}` : '';
    const result = this.shared?.get(key) ?? this.parse(path, decoded.text);
    this.shared?.set(key, result);
    this.files.set(path, result.file);
    this.diagnostics.push(...result.diagnostics);
    if (result.broken) this.broken.add(path);
    return result.loaded;
  }

  private parse(path: string, text: string): ReadResult {
    const file = sourceFile(path, text);
    const diagnostics: Diagnostic[] = [];
    // Plain ruleset YAML is read straight to data; anything else, and every error, goes to yaml.
    const fast = readFastYaml(file, this.limits);
    if (fast) {
      if (fast.keyLineBlocks.size > 0) checkSwallowedKeysIn(fast.located, fast.keyLineBlocks, file, diagnostics);
      diagnostics.push(...checkSchema(fast.located, new Map([[path, file]]), path, true));
      return { file, diagnostics, broken: false, loaded: { status: 'ok', located: fast.located } };
    }
    const parsed = parseYaml(file, this.limits);
    diagnostics.push(...parsed.diagnostics);
    const done = (loaded: LoadedFile): ReadResult => ({ file, diagnostics, broken: parsed.broken, loaded });
    if (!parsed.doc || parsed.doc.contents === null) return done({ status: 'failed' });
    const { located, mayHideKeys } = toData(parsed.doc, file, this.limits, diagnostics);
    if (!parsed.broken && mayHideKeys) checkSwallowedKeys(parsed.doc, file, diagnostics);
    // toData froze it as it built it; this returns at once unless that changes.
    deepFreeze(located.value);
    // Each file alone: shapes and keys. What is required is checked once the ruleset is merged.
    if (!parsed.broken) diagnostics.push(...checkSchema(located, new Map([[path, file]]), path, true));
    return done({ status: 'ok', located });
  }

  /** A host that throws or returns something odd counts as "no such file". */
  private readHost(path: string): Uint8Array | string | undefined {
    try {
      const content = this.host.readFile(path);
      return typeof content === 'string' || content instanceof Uint8Array ? content : undefined;
    } catch {
      return undefined;
    }
  }
}
