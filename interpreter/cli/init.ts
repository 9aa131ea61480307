/**
 * `rulesmith init <folder>`: a new game from a template — a small, complete ruleset that validates,
 * plays and simulates as written, for a designer to change into their own a piece at a time.
 *
 * The templates are rulesets like any other, kept in the package's `rulesets/templates/<name>/`
 * (so this module knows no game): the command copies a template's YAML files, giving the game the
 * folder's id and the name asked for, and pointing each file's schema modeline at the schema the
 * new folder will see. It never writes over a file: anything in the way stops it before it writes.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { didYouMean } from '../../grammar/index.ts';
import { isError } from '../diagnostics.ts';
import { parseCli } from './args.ts';
import type { Io } from './io.ts';
import { discover } from './discover.ts';
import { gitRoot } from './repo-paths.ts';
import { adaptTemplate, gameId, gameTitle, templateIndex, templateNames, type TemplateChoice } from '../load/new-game.ts';
import { dedupe, validateEntry } from './validate.ts';
import { packageRoot } from './version.ts';

export const INIT_USAGE = `Usage: rulesmith init <folder> [--name NAME] [--template NAME]

Makes <folder> a new game to build on: a small, complete ruleset (ruleset.yaml) with one of each
part a board or war game is made of — sides, counters, a map, tracks, a rolled and a cross table,
an event deck, a sequence of play, actions, victory, bot heuristics, invariants — and a variant
in variants/. It validates and plays as written; change it a piece at a time, validating as you
go. docs/new-game.md walks through it.

  --name NAME       the game's name (default: from the folder's name)
  --template NAME   which template (default: the first in the package's rulesets/templates/
                    index.yaml; \`--template list\` lists them with what each is)

Writes no file that exists already. Exit 0; 2 on usage or I/O errors.`;

const SCHEMA = ['grammar', 'ruleset.schema.json'];

export function runInit(argv: string[], io: Io): number {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { name: { type: 'string' }, template: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith init: ${(e as Error).message}\n\n${INIT_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${INIT_USAGE}\n`); return 0; }
  const [folder, extra] = args.positionals;
  if ((!folder && args.values.template !== 'list') || extra !== undefined) { io.err(`${INIT_USAGE}\n`); return 2; }
  const fail = (message: string) => { io.err(`rulesmith init: ${message}\n`); return 2; };

  const root = packageRoot();
  const templates = root ? join(root, 'rulesets', 'templates') : undefined;
  const available = templates ? templateList(templates) : [];
  // No template is named here (generic code knows no game): the index's first is the default.
  const template = args.values.template ?? available[0]?.id ?? '';
  const listed = () => { const w = Math.max(...available.map((t) => t.id.length)); return available.map((t) => `  ${t.id.padEnd(w)}  ${t.description}`.trimEnd()).join('\n'); };
  if (template === 'list' && available.length > 0) { io.out(`Templates (rulesmith init <folder> --template NAME):\n${listed()}\n`); return 0; }
  if (!available.some((t) => t.id === template)) {
    if (available.length === 0) return fail('this copy of rulesmith has no templates (rulesets/templates/ is missing from the package).');
    const close = didYouMean(template, available.map((t) => t.id));
    return fail(`no template '${template}'${close ? ` (did you mean ${close}?)` : ''}. Templates:\n${listed()}`);
  }

  const target = resolve(folder!);
  if (existsSync(target) && !statSync(target).isDirectory()) return fail(`'${folder}' is a file; name a folder for the new game.`);
  const id = gameId(basename(target));
  if (!id) return fail(`cannot make a ruleset id from the folder name '${basename(target)}': name the folder with a letter first (my-game).`);
  const name = (args.values.name ?? gameTitle(basename(target))).trim();
  if (!name || /[\r\n]/.test(name)) return fail('--name must be one line of text.');

  const source = join(templates!, template);
  const names = templateNames(readFileSync(join(source, 'ruleset.yaml'), 'utf8'), template);
  const schema = schemaFor(target, root!);
  const files = yamlFiles(source).map((rel) => ({ rel, text: adaptTemplate(readFileSync(join(source, rel), 'utf8'), { template: names, id, name, schema: schema.path(join(target, dirname(rel))) }) }));
  const taken = files.filter((f) => existsSync(join(target, f.rel)));
  if (taken.length) return fail(`${taken.map((f) => shown(join(target, f.rel))).join(', ')} ${taken.length === 1 ? 'exists' : 'exist'} already; nothing was written. Choose a new folder (or move ${taken.length === 1 ? 'it' : 'them'} away).`);
  try {
    for (const f of files) {
      mkdirSync(dirname(join(target, f.rel)), { recursive: true });
      writeFileSync(join(target, f.rel), f.text, { flag: 'wx' });
    }
  } catch (e) {
    return fail(`cannot write into '${folder}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }

  // As `rulesmith validate <folder>` checks it: the game and its variants, each problem once.
  const diags = dedupe(discover([target]).entries.flatMap((entry) => validateEntry(entry).diagnostics));
  const errors = diags.filter(isError).length;
  const dir = shown(target);
  const variant = files.find((f) => f.rel !== 'ruleset.yaml');
  // `npx`: in a project that installed rulesmith it is not on PATH (a walk's `rulesmith: not found`).
  // Every seat but the first a bot, at the game's default number of players (a game for 2 to 4
  // left Player 3 to a person: `--bots p2=normal` names one seat).
  const entry = files.find((f) => f.rel === 'ruleset.yaml')?.text ?? '';
  const players = /^players:.*\bdefault:\s*(\d+)/m.exec(entry)?.[1] ?? /^players:.*\bmin:\s*(\d+)/m.exec(entry)?.[1] ?? '2';
  const seats = Math.max(2, Math.min(8, Number(players)));
  const bots = Array.from({ length: seats - 1 }, (_, i) => `p${i + 2}=normal`).join(',');
  const next: Array<[string, string]> = [
    [`npx rulesmith play ${dir}${seats > 2 ? ` --players ${seats}` : ''} --bots ${bots}`, seats > 2 ? 'play it against bots' : 'play it against a bot'],
    [`npx rulesmith simulate ${dir} --games 200`, 'who wins, with 95% intervals'],
    ...(variant ? [[`npx rulesmith diff ${dir} ${shown(join(target, variant.rel))} --odds --simulate 200`, 'what the house rule changes'] as [string, string]] : []),
    [`npx rulesmith validate ${dir}`, 'after every change'],
  ];
  const lines = [
    `Created ${dir}/, a new game "${name}" (id ${id}) from the ${template} template:`,
    ...files.map((f) => `  ${shown(join(target, f.rel))}`),
    `Checked: ${errors} error${errors === 1 ? '' : 's'}, ${diags.length - errors} warning${diags.length - errors === 1 ? '' : 's'}.`,
    '',
    'Next:',
    ...next.flatMap(([c, what]) => [`  # ${what}`, `  ${c}`]),
    '',
    `docs/new-game.md walks through the file${root && !isInside(root, process.cwd()) ? ` (${shown(join(root, 'docs', 'new-game.md'))})` : ''}; docs/language.md has every key.`,
  ];
  if (!schema.found) lines.push(`For completion in editors: install rulesmith in the project (npm install --save-dev rulesmith once published, from its git repository until then; the files' first line names its schema there).`);
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

/** The templates the package offers, in the order of its index (`rulesets/templates/index.yaml`). */
function templateList(dir: string): TemplateChoice[] {
  if (!existsSync(dir)) return [];
  const folders = readdirSync(dir).filter((t) => existsSync(join(dir, t, 'ruleset.yaml')));
  const index = join(dir, 'index.yaml');
  return templateIndex(existsSync(index) ? readFileSync(index, 'utf8') : '', folders);
}

/** Every YAML file under a template, relative to it (`ruleset.yaml`, `variants/x.yaml`). */
function yamlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? yamlFiles(dir, join(prefix, e.name)) : /\.ya?ml$/.test(e.name) ? [join(prefix, e.name)] : []))
    .sort((a, b) => (a === 'ruleset.yaml' ? -1 : b === 'ruleset.yaml' ? 1 : a.localeCompare(b)));
}

/**
 * Which schema the new files' modeline names: an installed rulesmith's above the folder
 * (`node_modules/rulesmith/grammar/…`), else this rulesmith's own when it sits in the same project
 * (this repository), else where `npm install --save-dev rulesmith` will put it in the project.
 */
function schemaFor(target: string, root: string): { found: boolean; path: (fromDir: string) => string } {
  const project = gitRoot(target) ?? process.cwd();
  let schema: string | undefined;
  for (let dir = target; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', 'rulesmith', ...SCHEMA);
    if (existsSync(candidate)) { schema = candidate; break; }
    if (dir === project || dirname(dir) === dir) break;
  }
  if (!schema && isInside(project, root) && existsSync(join(root, ...SCHEMA))) schema = join(root, ...SCHEMA);
  const found = schema !== undefined;
  const file = schema ?? join(project, 'node_modules', 'rulesmith', ...SCHEMA);
  return { found, path: (fromDir) => relative(fromDir, file).split(sep).join('/') };
}

function isInside(dir: string, path: string): boolean {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep) && !/^[a-zA-Z]:/.test(r));
}

/** A path as the user would type it: relative to where the command runs, when below it. */
function shown(path: string): string {
  const r = relative(process.cwd(), path);
  return (r && !r.startsWith('..') ? r : path).split(sep).join('/');
}
