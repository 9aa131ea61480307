/**
 * Load, check and compile one ruleset from the files being edited, as `rulesmith play` does
 * (semantic checks only on a ruleset that loaded cleanly; no compile while errors remain). Runs in
 * the game workers and in tests.
 */
import { CompileError, checkRuleset, compileRuleset, createMemoryHost, isError, loadRuleset, type Program } from '../../interpreter/index.ts';

export type CompileResult = { ok: true; program: Program } | { ok: false; errors: number; message: string };

export function compileEntry(files: Record<string, string>, entry: string): CompileResult {
  const host = createMemoryHost(files);
  const loaded = loadRuleset(entry, host);
  const loadErrors = loaded.diagnostics.filter(isError);
  if (!loaded.model || loadErrors.length) return failed(loadErrors.length || 1, loadErrors[0]?.message ?? 'The ruleset did not load.');
  const checkErrors = checkRuleset(loaded.model).filter(isError);
  if (checkErrors.length) return failed(checkErrors.length, checkErrors[0]!.message);
  try {
    return { ok: true, program: compileRuleset(loaded.model) };
  } catch (e) {
    if (e instanceof CompileError) return failed(1, e.message);
    throw e;
  }
}

function failed(errors: number, message: string): CompileResult {
  return { ok: false, errors, message };
}

/** Compiled programs by entry, reused while the files they read are unchanged. */
export class ProgramCache {
  private readonly last = new Map<string, { key: string; result: CompileResult }>();
  /** The newest program of each entry that compiled (kept while later texts have errors). */
  private readonly good = new Map<string, Program>();

  compile(files: Record<string, string>, entry: string): CompileResult {
    const key = JSON.stringify(files);
    const cached = this.last.get(entry);
    if (cached?.key === key) return cached.result;
    const result = compileEntry(files, entry);
    this.last.set(entry, { key, result });
    if (result.ok) this.good.set(entry, result.program);
    return result;
  }

  /** Adopt `files` as `entry`'s last good version when none compiled in this worker yet. */
  fallback(files: Record<string, string>, entry: string): Program | undefined {
    if (this.good.has(entry)) return this.good.get(entry);
    const result = compileEntry(files, entry);
    if (result.ok) this.good.set(entry, result.program);
    return result.ok ? result.program : undefined;
  }

  /** The last program of `entry` that compiled, if any. */
  program(entry: string): Program | undefined {
    return this.good.get(entry);
  }
}
