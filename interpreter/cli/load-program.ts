import type { Reference } from '../check/index.ts';
import { didYouMean } from '../check/suggest.ts';
import { isError } from '../diagnostics.ts';
import type { FileHost } from '../load/index.ts';
import { compileRuleset, CompileError, type Program } from '../compile/index.ts';
import { allowedValues, effectiveOptions, parseOptionText, unmetRequirements } from '../runtime/options.ts';
import { formatText } from './format.ts';
import type { Io } from './io.ts';
import { cannotFind } from './missing-path.ts';
import { nodeHost } from './node-host.ts';
import { validateEntry } from './validate.ts';

/**
 * Load, check and compile a ruleset for a command; prints diagnostics and returns an exit code on
 * failure. `host` reads the files: the disk, or the files a replay carries. `references`, when
 * given, is filled with the scripts' uses of the ruleset's names (CheckOptions.references).
 */
export function programFor(path: string, io: Io, host: FileHost = nodeHost, root?: string, references?: Reference[]): Program | number {
  if (!host.isDirectory?.(path) && host.readFile(path) === undefined) {
    io.err(`rulesmith: ${host === nodeHost ? cannotFind(path) : `cannot find '${path}'`}\n`);
    return 2;
  }
  const { diagnostics, files, model } = validateEntry(path, host, root, undefined, references);
  const errors = diagnostics.filter(isError);
  if (errors.length || !model) {
    io.err(formatText(errors, (f) => files.get(f), false));
    io.err(`\nrulesmith: ${path} has ${errors.length} error(s); fix them first (rulesmith validate ${path}).\n`);
    return 1;
  }
  try {
    return compileRuleset(model);
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
      // A bare name is most often an on/off option someone meant to turn on: say how.
      const def = (program.data.options as Record<string, { type?: unknown }> | undefined)?.[item];
      const how = def?.type === 'boolean' ? ` (to turn it on: --option ${item}=true)` : def !== undefined ? ` (${item}=…: ${allowedValues(def)})` : '';
      io.err(`rulesmith: --option wants key=value, got '${item}'${how}\n`);
      return 2;
    }
    const key = item.slice(0, eq);
    const defs = program.data.options as Record<string, unknown> | undefined;
    const read = parseOptionText(defs, key, item.slice(eq + 1));
    if ('message' in read) {
      const why = read.code === 'unknown-option' ? `no option '${key}'.${optionMeant(key, Object.keys(defs ?? {}))} Options: ${Object.keys(defs ?? {}).join(', ') || 'none'}` : `option '${key}' must be ${allowedValues(defs?.[key])}, not '${item.slice(eq + 1)}'`;
      io.err(`rulesmith: --option ${item}: ${why}\n`);
      return 2;
    }
    out[key] = read.value;
  }
  // An option set where its `requires` fail keeps its default: said, not refused (a script that
  // sweeps options may set all of them).
  const defs = program.data.options as Record<string, unknown> | undefined;
  const effective = effectiveOptions(defs, out);
  for (const [key, value] of Object.entries(out)) {
    if (effective[key] === value) continue;
    io.err(`rulesmith: note: --option ${key}=${String(value)} has no effect without ${unmetRequirements(defs, key, effective).join(' and ')}; it keeps its default, ${String(effective[key])}.\n`);
  }
  return out;
}

/** The option likely meant: a typo of one, or the one whose name holds the word (`fog` for `opt_fog`). */
function optionMeant(key: string, names: string[]): string {
  const typo = didYouMean(key, names);
  if (typo.suggestion) return typo.text;
  const holding = names.filter((n) => n.toLowerCase().includes(key.toLowerCase()));
  return holding.length === 1 ? ` Did you mean \`${holding[0]}\`?` : '';
}
