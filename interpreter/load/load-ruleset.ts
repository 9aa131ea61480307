/**
 * `loadRuleset`: an entry (a folder, an entry file or a variant file) to a RulesetModel with
 * includes merged and variant patches applied, plus every problem found on the way. Never throws
 * and never writes; the host is only read.
 */
import { sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { diagnostic, type Problem } from './codes.ts';
import { createModel } from './create-model.ts';
import { ENTRY_FILE_NAME, hintText, resolveEntry, type FileHost } from './file-host.ts';
import { baseOutsideRoot, outsideRoot } from './outside-root.ts';
import { suggestPath } from './path-suggest.ts';
import { FileLoader, type FileCache } from './load-file.ts';
import { diagnosticAt } from './locate.ts';
import { mergeFragment, type MergeReporter } from './merge-include.ts';
import { applyVariant } from './merge-variant.ts';
import type { LoadResult } from './model.ts';
import { childOf, deepFreeze, isRecord, listItems, RecordBuilder, type Located } from './origin-tree.ts';
import { FILE_START, lineRangeAt } from './positions.ts';
import { DEFAULT_LIMITS, type LoadLimits } from './read-source.ts';
import { defaultRoot, RulesetRoot } from './root.ts';
import { checkSchema } from './schema-check.ts';

/** Bounds for hostile input (each defaults to DEFAULT_LIMITS) and the folder files may come from. */
export type LoadOptions = Partial<LoadLimits> & {
  /**
   * The only folder the ruleset may read files from. Default: the entry file's folder, or the
   * ruleset folder for a file in its `variants/` (see `defaultRoot`).
   */
  root?: string;
  /** Files read by earlier loads, shared with this one (the editor's checks as you type). */
  cache?: FileCache;
};

/** How a file was reached, for reporting it missing at the right place. */
interface Via {
  code: 'include-not-found' | 'extends-not-found';
  from: Located;
  /** The file whose `include:` or `extends:` names it. */
  fromFile: string;
}

interface Root {
  located: Located;
  lineage: string[];
}

/** Keys that steer loading and mean nothing once it is done. */
const LOADING_KEYS = ['include', 'extends', 'remove', 'set'];

export function loadRuleset(entryPath: string, host: FileHost, opts: LoadOptions = {}): LoadResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const entry = resolveEntry(entryPath, host);
    const root = new RulesetRoot(opts.root ?? defaultRoot(entry, host), host);
    return new RulesetLoader(host, withDefaults(opts), root, diagnostics, opts.cache).run(entry);
  } catch (error) {
    // A bug, never the user's input; still reported as data so no caller sees a stack trace.
    diagnostics.push(
      diagnostic(entryPath, FILE_START, {
        code: 'internal-error',
        message: `rulesmith failed while loading this ruleset: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'This is a bug in rulesmith; please report it together with the ruleset.',
      }),
    );
    return { diagnostics };
  }
}

function withDefaults(opts: LoadOptions): LoadLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof LoadLimits>) {
    const value = opts[key];
    if (typeof value === 'number' && value >= 0) limits[key] = value;
  }
  return limits;
}

class RulesetLoader {
  private readonly loader: FileLoader;
  private readonly rep: MergeReporter;

  constructor(
    private readonly host: FileHost,
    private readonly limits: LoadLimits,
    private readonly root: RulesetRoot,
    private readonly diagnostics: Diagnostic[],
    cache?: FileCache,
  ) {
    this.loader = new FileLoader(host, limits, diagnostics, cache);
    this.rep = { files: this.loader.files, diagnostics, fallbackFile: '' };
  }

  run(entry: string): LoadResult {
    this.rep.fallbackFile = entry;
    if (!this.root.contains(entry)) {
      // Named by the user, or found by a folder search (a link in `variants/`): no line to point at.
      this.diagnostics.push(diagnostic(entry, FILE_START, { ...outsideRoot(entry, this.root), message: `${entry} lies outside this ruleset's folder (${this.root.declared}), or is a link that leads out of it; rulesmith reads no file there.` }));
      return { diagnostics: this.diagnostics };
    }
    const root = this.loadRoot(entry, [entry]);
    if (!root || !isRecord(root.located.value)) return { diagnostics: sortDiagnostics(this.diagnostics) };
    const final = withoutLoadingKeys(root.located);
    this.checkMerged(final, entry);
    deepFreeze(final.value);
    return { model: createModel(entry, root.lineage, final, this.loader.files), diagnostics: sortDiagnostics(this.diagnostics) };
  }

  /** A ruleset file with its includes, and when it `extends` another, applied over its base. */
  private loadRoot(path: string, chain: readonly string[], via?: Via): Root | undefined {
    const own = this.loadFile(path, via);
    if (!own) return undefined;
    this.checkVersion(path, own);
    const expanded = this.expand(path, own, [path], new Set([path]));
    const ext = childOf(own, 'extends');
    if (!ext || typeof ext.value !== 'string' || ext.value === '') return { located: expanded, lineage: [path] };
    const named = this.host.resolve(path, ext.value);
    // Checked before `resolveEntry` asks whether it is a folder, and again for the file it picks.
    if (!this.root.contains(named)) return this.refused(ext, baseOutsideRoot(ext.value, named, path, this.root), { located: expanded, lineage: [path] });
    const basePath = resolveEntry(named, this.host);
    if (!this.root.contains(basePath)) return this.refused(ext, outsideRoot(ext.value, this.root), { located: expanded, lineage: [path] });
    if (chain.includes(basePath)) {
      this.report(ext, 'value', {
        code: 'extends-cycle',
        message: `\`extends\` leads back to ${basePath}: ${[...chain, basePath].join(' → ')}.`,
        hint: 'A variant must extend a ruleset that does not extend it in turn.',
      });
      return { located: expanded, lineage: [path] };
    }
    const base = this.loadRoot(basePath, [...chain, basePath], { code: 'extends-not-found', from: ext, fromFile: path });
    if (!base) return { located: expanded, lineage: [path] };
    return { located: applyVariant(base.located, expanded, this.rep), lineage: [...base.lineage, path] };
  }

  /** `file` with its `include:` files merged in, depth first, each file once. */
  private expand(path: string, file: Located, stack: readonly string[], seen: Set<string>): Located {
    let result = file;
    for (const entry of listItems(childOf(file, 'include') ?? { value: [], at: {} })) {
      if (typeof entry.value !== 'string' || entry.value === '') continue;
      const target = this.host.resolve(path, entry.value);
      if (!this.root.contains(target)) {
        this.refused(entry, outsideRoot(entry.value, this.root), undefined);
        continue;
      }
      if (stack.includes(target)) {
        this.report(entry, 'value', {
          code: 'include-cycle',
          message: `Including ${target} here makes a loop: ${[...stack, target].join(' → ')}.`,
          hint: 'Remove one of the includes; a file must not include itself, directly or through others.',
        });
        continue;
      }
      if (seen.has(target)) {
        this.report(entry, 'value', {
          code: 'include-repeated',
          message: `${target} is already included in this ruleset; a second copy would define every id twice.`,
          hint: 'Include each file once.',
        });
        continue;
      }
      seen.add(target);
      const fragment = this.loadFile(target, { code: 'include-not-found', from: entry, fromFile: path });
      if (fragment) result = mergeFragment(result, this.expand(target, fragment, [...stack, target], seen), this.rep);
    }
    return result;
  }

  private loadFile(path: string, via?: Via): Located | undefined {
    const loaded = this.loader.load(path);
    if (loaded.status === 'missing') this.reportMissing(path, via);
    if (loaded.status === 'over-limit') {
      const problem = {
        code: 'too-many-files' as const,
        message: `This ruleset reads more than ${this.limits.maxFiles} files; ${path} was not read.`,
        hint: 'Check `include:` and `extends:` for paths that lead somewhere unexpected.',
      };
      if (via) this.report(via.from, 'value', problem);
      else this.diagnostics.push(diagnostic(path, FILE_START, problem));
    }
    return loaded.located;
  }

  private reportMissing(path: string, via?: Via): void {
    if (!via) {
      this.diagnostics.push(
        diagnostic(path, FILE_START, { code: 'file-not-found', message: `Cannot read ${path}.`, hint: 'Check the path: give a ruleset folder, an entry file or a variant file.' }),
      );
      return;
    }
    const what = via.code === 'include-not-found' ? 'included file' : 'base ruleset';
    const written = typeof via.from.value === 'string' ? via.from.value : undefined;
    const close = written === undefined ? undefined : suggestPath(written, via.fromFile, this.host, this.root);
    this.report(via.from, 'value', {
      code: via.code,
      message: close === undefined ? `The ${what} ${path} does not exist.` : `The ${what} ${path} does not exist. Did you mean \`${close}\`?`,
      hint: close === undefined ? 'Paths are relative to the file that names them.' : `Replace it with \`${close}\` (paths are relative to the file that names them).`,
      // The fix replaces the value as written (quotes included), so only a plain YAML text is offered.
      ...(close !== undefined && /^[\w./-]+$/.test(close) ? { fix: close } : {}),
    });
  }

  private checkVersion(path: string, own: Located): void {
    if (!isRecord(own.value) || own.value.rulesmith !== undefined) return;
    const file = this.loader.files.get(path);
    if (!file) return;
    const includer = this.includerOf(path);
    this.diagnostics.push(
      diagnostic(path, lineRangeAt(file, own.at.origin?.start ?? 0), includer === undefined
        ? {
          code: 'missing-version',
          message: 'An entry or variant file must start with `rulesmith: 1`.',
          hint: 'Add the line `rulesmith: 1` at the top of the file (included files do not need it).',
        }
        : {
          code: 'missing-version',
          message: `${path} is included by ${includer}: it is checked as part of that ruleset, not on its own.`,
          hint: `Validate the ruleset that includes it: \`rulesmith validate ${includer}\` (or its folder).`,
        }),
    );
  }

  /** The `ruleset.yaml` beside `path` when its `include:` names `path` (a designer validating one included file). */
  private includerOf(path: string): string | undefined {
    const entry = this.host.resolve(path, ENTRY_FILE_NAME);
    if (entry === path) return undefined;
    const text = hintText(this.host, entry);
    const name = path.slice(path.lastIndexOf('/') + 1);
    // A cheap read of the include list: the file's name as a list item or in a flow list.
    const named = text.split('\n').some((line) => /^\s*(-\s|include:)/.test(line) && line.includes(name));
    return named ? entry : undefined;
  }

  /** Schema problems that only the merged ruleset shows (values from `set:`, removed parts). */
  private checkMerged(final: Located, entry: string): void {
    const said = new Set(this.diagnostics.map(placeKey));
    const fresh = checkSchema(final, this.loader.files, entry).filter((d) => !said.has(placeKey(d)) && !this.loader.broken.has(d.file));
    this.diagnostics.push(...fresh);
  }

  /** Report a path that leads outside the root; the file itself is never read. */
  private refused<T>(at: Located, problem: Problem, result: T): T {
    this.report(at, 'value', problem);
    return result;
  }

  private report(at: Located, anchor: 'key' | 'value', problem: Problem): void {
    this.diagnostics.push(diagnosticAt(this.loader.files, at.at.origin, this.rep.fallbackFile, anchor, problem));
  }
}

function placeKey(d: Diagnostic): string {
  return `${d.code}\u0000${d.file}\u0000${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`;
}

function withoutLoadingKeys(root: Located): Located {
  const out = new RecordBuilder(root);
  for (const key of LOADING_KEYS) out.delete(key);
  return out.build(root.at.origin);
}
