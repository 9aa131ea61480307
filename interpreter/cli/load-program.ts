import { isError } from '../diagnostics.ts';
import { compileRuleset, CompileError, type Program } from '../runtime/index.ts';
import { formatText } from './format.ts';
import type { Io } from './io.ts';
import { validateEntry } from './validate.ts';
import { existsSync } from 'node:fs';
import { loadRuleset } from '../load/index.ts';
import { nodeHost } from './node-host.ts';

/** Load, check and compile a ruleset for a command; prints diagnostics and returns an exit code on failure. */
export function programFor(path: string, io: Io): Program | number {
  if (!existsSync(path)) {
    io.err(`rulesmith: cannot find '${path}'\n`);
    return 2;
  }
  const { diagnostics, files } = validateEntry(path);
  const errors = diagnostics.filter(isError);
  if (errors.length) {
    io.err(formatText(errors, (f) => files.get(f), false));
    io.err(`\nrulesmith: ${path} has ${errors.length} error(s); fix them first (rulesmith validate ${path}).\n`);
    return 1;
  }
  const loaded = loadRuleset(path, nodeHost);
  try {
    return compileRuleset(loaded.model!);
  } catch (e) {
    if (e instanceof CompileError) {
      io.err(`rulesmith: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/** `--option k=v` values, typed by the ruleset's option declarations. */
export function parseOptions(program: Program, raw: string[] | undefined, io: Io): Record<string, unknown> | number {
  const out: Record<string, unknown> = {};
  for (const item of raw ?? []) {
    const eq = item.indexOf('=');
    if (eq < 1) {
      io.err(`rulesmith: --option wants key=value, got '${item}'\n`);
      return 2;
    }
    const key = item.slice(0, eq);
    const text = item.slice(eq + 1);
    const def = (program.data.options ?? {})[key];
    if (!def) {
      io.err(`rulesmith: no option '${key}'. Options: ${Object.keys(program.data.options ?? {}).join(', ') || 'none'}\n`);
      return 2;
    }
    out[key] = def.type === 'boolean' ? text === 'true' || text === '1' || text === 'yes' : def.type === 'number' ? Number(text) : text;
  }
  return out;
}
