/**
 * What `rulesmith lsp` knows: the open documents (their unsaved text wins over the disk), which
 * ruleset each belongs to, and that ruleset's diagnostics and names. Loading and checking are
 * `validate`'s own (`validateEntry`), over a host that reads open documents from memory, so the
 * server reports exactly what `rulesmith validate` would print for the same text.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { rulesetSymbols, builtinSymbols } from '../language/symbols.ts';
import type { NameUse, SymbolInfo } from '../language/types.ts';
import type { Reference } from '../check/index.ts';
import { ENTRY_FILE_NAME, type FileHost } from '../load/index.ts';
import { createNodeHost } from './node-host.ts';
import { validateCaches, validateEntry } from './validate.ts';

const BUILTINS = builtinSymbols();

/** One ruleset's last analysis: its files, their problems and the names scripts may use. */
export interface Analysis {
  entry: string;
  /** Every file the ruleset read (entry, includes, bases), absolute. */
  files: string[];
  diagnostics: Diagnostic[];
  /** Absent until the ruleset first loads; a broken edit keeps the last names. */
  symbols?: SymbolInfo[];
  /** Where scripts use the ruleset's names (files absolute); a broken edit keeps the last ones. */
  references?: NameUse[];
}

export class LspWorkspace {
  private readonly open = new Map<string, string>();
  private readonly analyses = new Map<string, Analysis>();
  private readonly disk = createNodeHost();
  /** Kept between analyses: an edit re-parses only the file and scripts it changed. */
  private readonly caches = validateCaches();
  readonly host: FileHost = {
    ...this.disk,
    readFile: (path) => this.open.get(resolve(path)) ?? this.disk.readFile(path),
  };

  setText(path: string, text: string): void {
    this.open.set(resolve(path), text);
  }

  close(path: string): void {
    this.open.delete(resolve(path));
  }

  text(path: string): string | undefined {
    const t = this.host.readFile(path);
    return typeof t === 'string' ? t : t && new TextDecoder().decode(t);
  }

  /**
   * The entry whose ruleset holds `path`: the nearest `ruleset.yaml` above it that includes it (a
   * file in `variants/` is its own entry, extending the base), else the file alone.
   */
  entryOf(path: string): string {
    const file = resolve(path);
    if (basename(dirname(file)) === 'variants') return file;
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      const candidate = join(dir, ENTRY_FILE_NAME);
      if (candidate === file) return file;
      if (this.open.has(candidate) || existsSync(candidate)) {
        const analysis = this.analyses.get(candidate) ?? this.analyse(candidate);
        if (analysis.files.includes(file)) return candidate;
      }
      if (dirname(dir) === dir) return file;
    }
  }

  /** Load and check `entry` again with the current texts. */
  analyse(entry: string): Analysis {
    const references: Reference[] = [];
    const { diagnostics, model } = validateEntry(entry, this.host, undefined, this.caches, references);
    const before = this.analyses.get(entry);
    const analysis: Analysis = {
      entry,
      files: model ? [...model.files.keys()].map((f) => resolve(f)) : [entry, ...diagnostics.map((d) => resolve(d.file))],
      diagnostics: diagnostics.map((d) => ({ ...d, file: resolve(d.file) })),
    };
    const symbols = model ? [...rulesetSymbols(model), ...BUILTINS] : before?.symbols;
    if (symbols) analysis.symbols = symbols.map((s) => (s.location ? { ...s, location: { ...s.location, file: resolve(s.location.file) } } : s));
    // The checker only runs on a ruleset that loads cleanly: until then, the last good uses stand.
    const uses = references.length ? references.map(({ name, file, range }) => ({ name, file: resolve(file), range })) : before?.references;
    if (uses) analysis.references = uses;
    this.analyses.set(entry, analysis);
    return analysis;
  }

  /** The rulesets the open documents belong to. */
  openEntries(): string[] {
    return [...new Set([...this.open.keys()].map((p) => this.entryOf(p)).filter((e) => this.isRuleset(e)))];
  }

  /**
   * Whether an entry is a ruleset or a variant. Editors start the server for every YAML file; a
   * workflow or compose file that no ruleset includes gets no rulesmith diagnostics.
   */
  private isRuleset(entry: string): boolean {
    return basename(entry) === ENTRY_FILE_NAME || /^(rulesmith|extends)[ \t]*:/m.test(this.text(entry) ?? '');
  }

  /**
   * Diagnostics of every file the open rulesets read, each problem once (a variant re-reads its
   * base), with an empty list for a clean file so the client clears what it showed.
   */
  diagnosticsByFile(): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>();
    // An open file of no ruleset: an empty list, so the client knows it was looked at.
    for (const file of this.open.keys()) out.set(file, []);
    const seen = new Set<string>();
    for (const entry of this.openEntries()) {
      const analysis = this.analyse(entry);
      for (const f of analysis.files) if (!out.has(f)) out.set(f, []);
      for (const d of analysis.diagnostics) {
        const key = `${d.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${d.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!out.has(d.file)) out.set(d.file, []);
        out.get(d.file)!.push(d);
      }
    }
    return out;
  }

  /** Where the scripts of `path`'s ruleset use its names. */
  referencesFor(path: string): NameUse[] {
    const entry = this.entryOf(path);
    return (this.analyses.get(entry) ?? this.analyse(entry)).references ?? [];
  }

  /** The names scripts in `path` may use: its ruleset's ids and the built-ins. */
  symbolsFor(path: string): SymbolInfo[] {
    const entry = this.entryOf(path);
    return (this.analyses.get(entry) ?? this.analyse(entry)).symbols ?? BUILTINS;
  }
}
