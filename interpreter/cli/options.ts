import { parseCli } from './args.ts';
import type { Option } from '../../grammar/index.ts';
import { allowedValues, optionsInOrder } from '../runtime/options.ts';
import type { Io } from './io.ts';
import { programFor } from './load-program.ts';

export const OPTIONS_USAGE = `Usage: rulesmith options <ruleset> [--json] [--root DIR]

Lists the options a ruleset declares (set them with --option k=v on simulate, play, tournament
and odds): each one's type, default, allowed values, the options it matters with, and description;
an option that matters only with another is listed right after it.
Exit 0; 1 when the ruleset has errors; 2 on usage or I/O errors.`;

/** One option as `options --json` prints it. */
export interface OptionInfo {
  id: string;
  name?: string;
  type: Option['type'];
  default: Option['default'];
  /** In words, as `--option` errors say it: `a number from 0 to 40`, `one of a, b`. */
  allowed: string;
  values?: string[];
  min?: number;
  max?: number;
  description?: string;
  /** Other options' values it matters with; without them it keeps its default. */
  requires?: Record<string, boolean | number | string>;
}

export function runOptions(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { json: { type: 'boolean', default: false }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith options: ${(e as Error).message}\n\n${OPTIONS_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${OPTIONS_USAGE}\n`); return 0; }
  const [path, extra] = args.positionals;
  if (!path || extra !== undefined) { io.err(`${OPTIONS_USAGE}\n`); return 2; }
  const program = programFor(path, io, undefined, args.values.root);
  if (typeof program === 'number') return program;
  const infos = optionInfos(program.data.options ?? {});
  if (args.values.json) { io.out(`${JSON.stringify(infos, null, 2)}\n`); return 0; }
  if (infos.length === 0) { io.out(`${path} declares no options.\n`); return 0; }
  // As the editor lists them: an optional rule's readings (`requires`) right after it. JSON keeps
  // the declaration order.
  io.out(optionsInOrder(infos).map(formatOption).join('\n'));
  return 0;
}

/** Options in declaration order (the order designers wrote them in). */
export function optionInfos(options: Record<string, Option>): OptionInfo[] {
  return Object.entries(options).map(([id, def]) => ({
    id,
    ...(def.name !== undefined ? { name: def.name } : {}),
    type: def.type,
    default: def.default,
    allowed: allowedValues(def),
    ...(def.values !== undefined ? { values: [...def.values] } : {}),
    ...(def.min !== undefined ? { min: def.min } : {}),
    ...(def.max !== undefined ? { max: def.max } : {}),
    ...(def.description !== undefined ? { description: def.description } : {}),
    ...(def.requires !== undefined ? { requires: { ...def.requires } } : {}),
  }));
}

function formatOption(o: OptionInfo): string {
  const lines = [`${o.id}${o.name ? ` (${o.name})` : ''}`, `  type ${o.type}, default ${String(o.default)}; allowed: ${o.allowed}`];
  if (o.requires) lines.push(`  only with ${Object.entries(o.requires).map(([k, v]) => `${k} = ${String(v)}`).join(' and ')} (otherwise ${String(o.default)})`);
  if (o.description) lines.push(`  ${o.description}`);
  lines.push(`  --option ${o.id}=${String(o.default)}`);
  return `${lines.join('\n')}\n`;
}
