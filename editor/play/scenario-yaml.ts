/**
 * The scenario editor's writes into a variant file. A scenario is a variant whose setup ends with
 * a step `id: scenario` of `move scenario_piece(type, "id") to place [facing n]` lines (one per
 * piece, rewritten in place when the piece moves again), plus `players` and option defaults in
 * `set:`. `scenario_piece` is a procedure the editor adds: it finds a piece by id, in play or still
 * in the box. Edits are spliced into the text: the rest of the file stays exactly as written.
 */
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml';
import type { Program } from '../../interpreter/index.ts';
import type { ScenarioEdit, ScenarioSettings } from './protocol.ts';
import { appendSection, appendTo, blockScript, columnOf, entryColumn, inline, isBlock, pairOf, parseYaml, replaceNode, replaceValueInline, type Splice } from './yaml-splice.ts';

export const SCENARIO_STEP = 'scenario';
export const PIECE_PROCEDURE = 'scenario_piece';

const LINE = /^\s*move\s+scenario_piece\(\s*[a-z][a-z0-9_]*\s*,\s*"([^"]+)"\s*\)/;
const PROCEDURE_BODY = ['let found = first p in pieces where p.id == id', 'if found == none then', '  found = first p in unplaced(type) where p.id == id', 'end', 'return found'];
const PROCEDURE_DOC = 'A piece by id, in play or still in the box (written by the scenario editor).';

/** The variant text with the edits applied, or why it cannot be edited. */
export function editScenario(text: string, program: Program, edits: readonly ScenarioEdit[], settings?: ScenarioSettings): Splice {
  let out: Splice = { text };
  if (edits.length) {
    const lines: string[] = [];
    for (const edit of edits) {
      const statement = moveStatement(program, edit);
      if ('error' in statement) return statement;
      lines.push(statement.line);
    }
    out = then(out, (t) => writeMoves(t, program, edits, lines));
    out = then(out, ensureProcedure);
  }
  if (settings?.players !== undefined) out = then(out, (t) => setPlayers(t, settings.players!));
  for (const [id, value] of Object.entries(settings?.options ?? {})) out = then(out, (t) => setOption(t, id, value));
  return out;
}

function then(result: Splice, next: (text: string) => Splice): Splice {
  return 'error' in result ? result : next(result.text);
}

/** Rewrite the lines of moved pieces in the `scenario` step (creating the step where needed). */
function writeMoves(text: string, program: Program, edits: readonly ScenarioEdit[], statements: readonly string[]): Splice {
  const doc = parseYaml(text);
  if ('error' in doc) return doc;
  const root = doc.contents as YAMLMap;
  const setup = pairOf(root, 'setup');
  const step = isSeq(setup?.value) ? setup.value.items.find((i): i is YAMLMap => isMap(i) && i.get('id') === SCENARIO_STEP) : undefined;
  const doPair = step && pairOf(step, 'do');
  if (doPair?.value && isScalar(doPair.value)) {
    const lines = String(doPair.value.value ?? '').replace(/\n+$/, '').split('\n').filter((l) => l.trim() !== '');
    edits.forEach((edit, i) => {
      const at = lines.findIndex((l) => LINE.exec(l)?.[1] === edit.piece);
      if (at >= 0) lines[at] = statements[i]!;
      else lines.push(statements[i]!);
    });
    return { text: replaceNode(text, doPair.value, blockScript(lines, columnOf(text, doPair.key.range![0])), true) };
  }
  const item = (dash: number) => stepText(SCENARIO_STEP, 'Scenario: starting positions', statements, dash);
  if (setup && isBlock(setup.value) && isSeq(setup.value)) return { text: appendTo(text, setup.value, item(entryColumn(text, setup.value))) };
  if (setup && isScalar(setup.value) && typeof setup.value.value === 'string') {
    // The file's own one-script setup becomes the first of two steps.
    const column = columnOf(text, setup.key.range![0]);
    const steps = `\n${stepText('rules', 'Setup', String(setup.value.value).replace(/\n+$/, '').split('\n'), column + 2)}${item(column + 2)}`;
    return { text: replaceNode(text, setup.value, steps.replace(/\n$/, ''), true) };
  }
  if (setup) return { error: 'The `setup:` of this file is not a list of steps; make it one to add a scenario.' };
  const base = program.data.setup;
  // A one-script base setup would be replaced by a list, not merged into it: carry it over.
  const carried = typeof base === 'string' ? stepText('rules', 'Setup of the base rules (copied: a one-script setup is replaced, not merged)', base.replace(/\n+$/, '').split('\n'), 2) : '';
  return { text: appendSection(text, `setup:\n${carried}${item(2)}`) };
}

/** A setup step as a sequence item whose dash is at `dash`. */
function stepText(id: string, name: string, lines: readonly string[], dash: number): string {
  const pad = ' '.repeat(dash);
  return `${pad}- id: ${id}\n${pad}  name: ${JSON.stringify(name)}\n${pad}  do: ${blockScript(lines, dash + 2)}`;
}

function ensureProcedure(text: string): Splice {
  const doc = parseYaml(text);
  if ('error' in doc) return doc;
  if (doc.hasIn(['procedures', PIECE_PROCEDURE])) return { text };
  const procedures = pairOf(doc.contents as YAMLMap, 'procedures');
  const entry = (column: number) => {
    const pad = ' '.repeat(column);
    return `${pad}${PIECE_PROCEDURE}:\n${pad}  description: ${JSON.stringify(PROCEDURE_DOC)}\n${pad}  params: [type, id]\n${pad}  do: ${blockScript(PROCEDURE_BODY, column + 2)}`;
  };
  if (procedures && isBlock(procedures.value) && isMap(procedures.value)) return { text: appendTo(text, procedures.value, entry(entryColumn(text, procedures.value))) };
  if (procedures) return { error: 'The `procedures:` of this file is not a block mapping; add the scenario_piece procedure by hand.' };
  return { text: appendSection(text, `procedures:\n${entry(2)}`) };
}

function setPlayers(text: string, n: number): Splice {
  const doc = parseYaml(text);
  if ('error' in doc) return doc;
  const players = pairOf(doc.contents as YAMLMap, 'players');
  const value = inline({ min: n, max: n, default: n });
  if (!players?.value) return { text: appendSection(text, `players: ${value}`) };
  return { text: replaceValueInline(text, players, value) };
}

/** An option's default: in place when the file declares the option, else in the variant's `set:`. */
function setOption(text: string, id: string, value: unknown): Splice {
  const doc = parseYaml(text);
  if ('error' in doc) return doc;
  const declared = doc.has('extends') ? undefined : doc.getIn(['options', id, 'default'], true);
  if (isScalar(declared)) return { text: replaceNode(text, declared, inline(value)) };
  const key = `options.${id}.default`;
  const set = pairOf(doc.contents as YAMLMap, 'set');
  if (!set?.value) return { text: appendSection(text, `set:\n  ${key}: ${inline(value)}`) };
  if (!isBlock(set.value) || !isMap(set.value)) return { error: 'The `set:` of this variant is not a block mapping; set the option there by hand.' };
  const existing = pairOf(set.value, key);
  if (existing?.value) return { text: replaceNode(text, existing.value, inline(value)) };
  return { text: appendTo(text, set.value, `${' '.repeat(entryColumn(text, set.value))}${key}: ${inline(value)}\n`) };
}

/** `move scenario_piece(soldier, "soldier_2") to hill`, `… to hex_at(3, 4) facing 2`. */
export function moveStatement(program: Program, edit: ScenarioEdit): { line: string } | { error: string } {
  const type = pieceType(program, edit.piece);
  if (!type) return { error: `No piece "${edit.piece}" in this ruleset.` };
  const dest = placeExpression(program, edit.to);
  if (!dest) return { error: `"${edit.to}" is not an area, hex or zone of this ruleset.` };
  const facing = edit.facing === undefined || edit.facing === null ? '' : ` facing ${((edit.facing % 6) + 6) % 6}`;
  return { line: `move ${PIECE_PROCEDURE}(${type}, "${edit.piece}") to ${dest}${facing}` };
}

/** The piece type an instance id comes from (`soldier_2` → `soldier`; a type of count 1 is its own id). */
export function pieceType(program: Program, piece: string): string | undefined {
  const types = program.data.pieces ?? {};
  if (types[piece]?.count === 1) return piece;
  const m = /^(.+)_(\d+)$/.exec(piece);
  const type = m?.[1];
  return type && types[type] && Number(m[2]) <= types[type].count ? type : undefined;
}

/** A location key as a script expression: an area id, `hex_at(c, r)`, a zone (of a player or side). */
export function placeExpression(program: Program, key: string): string | undefined {
  const d = program.data;
  const hex = /^hex:(\d+),(\d+)$/.exec(key);
  if (hex) return d.map?.grid ? `hex_at(${hex[1]}, ${hex[2]})` : undefined;
  if (d.map?.areas?.[key]) return key;
  const [zone, owner] = key.split('@') as [string, string | undefined];
  if (!d.zones?.[zone]) return undefined;
  if (owner === undefined) return zone;
  const seat = /^p(\d+)$/.exec(owner);
  if (seat) return `players[${seat[1]}].${zone}`;
  return d.sides?.[owner] ? `${owner}.${zone}` : undefined;
}
