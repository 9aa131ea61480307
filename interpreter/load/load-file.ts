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
import { checkSwallowedKeys } from './swallowed-keys.ts';
import { toData } from './to-data.ts';

/** `missing`: the host has no such file; `failed`: it exists but could not be read as YAML. */
export type FileStatus = 'ok' | 'missing' | 'failed' | 'over-limit';

export interface LoadedFile {
  status: FileStatus;
  located?: Located;
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
    const file = sourceFile(path, decoded.text);
    this.files.set(path, file);
    const parsed = parseYaml(file, this.limits);
    this.diagnostics.push(...parsed.diagnostics);
    if (parsed.broken) this.broken.add(path);
    if (!parsed.doc || parsed.doc.contents === null) return { status: 'failed' };
    const { located, mayHideKeys } = toData(parsed.doc, file, this.limits, this.diagnostics);
    if (!parsed.broken && mayHideKeys) checkSwallowedKeys(parsed.doc, file, this.diagnostics);
    // toData froze it as it built it; this returns at once unless that changes.
    deepFreeze(located.value);
    // Each file alone: shapes and keys. What is required is checked once the ruleset is merged.
    if (!parsed.broken) this.diagnostics.push(...checkSchema(located, this.files, path, true));
    return { status: 'ok', located };
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
