import { parseExpression } from '../../grammar/index.ts';
import { rollWeights, type RollShape } from '../dice/distribution.ts';
import { formatBand, parseBand, parseDomain, type Band, type Domain } from '../tables/bands.ts';
import type { CheckContext } from './context.ts';
import { codeList, entries, isRecord } from './context.ts';
import { didYouMean } from './suggest.ts';
import { diceProblem } from './limits.ts';

type Path = Array<string | number>;

/** Largest finite domain enumerated value by value for gap/overlap checks. */
const MAX_ENUMERATED = 10_000;

/** Table checks: rows cover the index domain exactly once; cross tables are rectangular. */
export function checkTables(ctx: CheckContext): void {
  const data = ctx.model.data;
  for (const [id, table] of entries(data.tables)) {
    if (!isRecord(table) || !isRecord(table.rows)) continue;
    const path: Path = ['tables', id];
    const rowDomain = tableRowDomain(ctx, path, table, data.dice);
    const labels = Object.keys(table.rows);
    checkBands(ctx, path, labels.map((l) => ({ band: parseBand(l), path: [...path, 'rows', l] })), rowDomain, 'row');
    if (Array.isArray(table.columns)) checkCross(ctx, path, table);
    if (isRecord(table.results)) checkResultCodes(ctx, path, table);
  }
}

/** The domain of a table's rows: its roll's outcomes, or its declared key domain. */
function tableRowDomain(ctx: CheckContext, path: Path, table: Record<string, unknown>, dice: unknown): Domain | undefined {
  if (typeof table.roll === 'string') {
    const shape = rollShape(table.roll, dice);
    if (shape === 'invalid') {
      ctx.atValue([...path, 'roll'], { code: 'invalid-roll', message: `\`${table.roll}\` is not a roll. Write dice such as \`1d6\`, \`2d6\`, \`d66\` or \`2d[name]\`.`, hint: 'Use a dice expression without modifiers; apply modifiers where the table is used.' });
      return undefined;
    }
    const tooBig = shape && diceProblem(shape.count, shape.die.kind === 'sides' ? shape.die.sides : undefined);
    if (tooBig) {
      ctx.atValue([...path, 'roll'], tooBig);
      return undefined;
    }
    if (shape === undefined) unknownDie(ctx, [...path, 'roll'], table.roll, dice);
    const weights = shape && rollWeights(shape);
    return weights ? { kind: 'values', values: [...weights.keys()] } : undefined;
  }
  return isRecord(table.key) ? parseDomain(table.key.domain) : undefined;
}

/** A table rolled on a die (`1d[special]`) that `dice:` does not declare: the game stops at the roll. */
function unknownDie(ctx: CheckContext, path: Path, roll: string, dice: unknown): void {
  const name = /\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*\]/.exec(roll)?.[1];
  if (name === undefined || (isRecord(dice) && Object.hasOwn(dice, name))) return;
  const dym = didYouMean(name, isRecord(dice) ? Object.keys(dice) : []);
  ctx.atValue(path, {
    code: 'unknown-die',
    message: `No die named \`${name}\` is defined.${dym.text}`,
    hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Declare it under `dice:` with its faces.',
  });
}

/** Read a table's `roll:` as a plain dice expression; `undefined` when its domain is not computable. */
export function rollShape(text: string, dice: unknown): RollShape | 'invalid' | undefined {
  const { ast, diagnostics } = parseExpression(text);
  if (!ast || diagnostics.length > 0 || ast.kind !== 'dice' || ast.count.kind !== 'number') return 'invalid';
  const count = ast.count.value;
  if ('sides' in ast.die) return { count, die: { kind: 'sides', sides: ast.die.sides } };
  if ('d66' in ast.die) return { count, die: { kind: 'd66' } };
  const die = isRecord(dice) ? dice[ast.die.named] : undefined;
  if (!isRecord(die) || !Array.isArray(die.faces)) return undefined; // unknown die: reported by name checks
  const faces = die.faces.map((f) => (isRecord(f) ? f.value : f));
  if (!faces.every((f) => typeof f === 'number' || typeof f === 'string')) return undefined;
  return { count, die: { kind: 'faces', faces: faces as Array<number | string> } };
}

interface Labelled {
  band: Band;
  path: Path;
}

function checkBands(ctx: CheckContext, tablePath: Path, rows: Labelled[], domain: Domain | undefined, what: 'row' | 'column'): void {
  const noun = what === 'row' ? 'row' : 'column';
  // Overlaps: report each later label that shares a value with an earlier one.
  rows.forEach((r, i) => {
    const prior = rows.slice(0, i).find((p) => overlaps(p.band, r.band));
    if (prior) {
      ctx.atKey(r.path, {
        code: what === 'row' ? 'table-overlap' : 'table-column-overlap',
        message: `${cap(noun)} \`${formatBand(r.band)}\` overlaps ${noun} \`${formatBand(prior.band)}\`${shared(prior.band, r.band)}: a result would match both.`,
        hint: disjointHint(prior.band, r.band, noun),
      });
    }
  });
  if (!domain) return;
  const domainLabel = domain.kind === 'interval' ? formatBand({ kind: 'range', from: domain.from, to: domain.to }) : undefined;
  const span = numericSpan(domain);
  for (const r of rows) {
    if (!reachable(r.band, domain)) {
      ctx.atKey(r.path, {
        severity: 'warning',
        code: what === 'row' ? 'table-unreachable-row' : 'table-unreachable-column',
        message: `${cap(noun)} \`${formatBand(r.band)}\` can never be used: ${domainLabel ? `values run ${domainLabel}` : 'no possible value falls in it'}.`,
        hint: `Remove the ${noun}, or fix its label or the table's ${what === 'row' ? '`roll:`/`key:`' : '`column_key:`'}.`,
      });
    } else if (r.band.kind === 'range' && span && ((Number.isFinite(r.band.from) && r.band.from < span.lo) || (Number.isFinite(r.band.to) && r.band.to > span.hi))) {
      // Partly past the values (`12-13` on 2d6): most often an off-by-one in the printed band.
      const over = r.band.to > span.hi;
      const past = formatBand({ kind: 'range', from: over ? Math.max(span.hi + 1, r.band.from) : r.band.from, to: over ? r.band.to : Math.min(span.lo - 1, r.band.to) });
      const runs = formatBand({ kind: 'range', from: span.lo, to: span.hi });
      ctx.atKey(r.path, {
        severity: 'warning',
        code: what === 'row' ? 'table-unreachable-row' : 'table-unreachable-column',
        message: `${cap(noun)} \`${formatBand(r.band)}\` runs past the values, which run ${runs}: ${past} can never come up.`,
        hint: `Write the ${noun} within ${runs}, as the printed table has it, or fix the table's ${what === 'row' ? '`roll:`/`key:`' : '`column_key:`'}.`,
      });
    }
  }
  const missing = uncovered(rows.map((r) => r.band), domain);
  if (missing.length > 0) {
    const target = what === 'row' ? [...tablePath, 'rows'] : [...tablePath, 'columns'];
    ctx.atKey(target, {
      code: what === 'row' ? 'table-gap' : 'table-column-gap',
      message: `No ${noun} covers ${describeMissing(missing)}.`,
      hint: `Add a ${noun} for ${missing.length === 1 ? 'it' : 'them'}, or widen a neighbouring band.`,
    });
  }
}

/** The lowest and highest value of a domain of numbers (a roll's totals, a key's interval), finite. */
function numericSpan(domain: Domain): { lo: number; hi: number } | undefined {
  const values = domain.kind === 'interval' ? [domain.from, domain.to] : domain.values;
  if (values.length === 0 || !values.every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined;
  return { lo: Math.min(...(values as number[])), hi: Math.max(...(values as number[])) };
}

/** ` on 4-5`: the values two overlapping bands share (nothing for two equal keys: the label says it). */
function shared(a: Band, b: Band): string {
  if (a.kind === 'key' || b.kind === 'key') return '';
  const both: Band = { kind: 'range', from: Math.max(a.from, b.from), to: Math.min(a.to, b.to) };
  return ` on ${formatBand(both)}`;
}

/**
 * How to make a later band disjoint from an earlier one, in its own numbers: start it after the
 * earlier band's end, end it before its start, or (inside it) remove or move one of them.
 */
function disjointHint(prior: Band, band: Band, noun: string): string {
  if (prior.kind === 'key' || band.kind === 'key') return `Give the ${noun} a label of its own, or merge the two ${noun}s.`;
  const earlier = `\`${formatBand(prior)}\``;
  // The other way round only when it leaves the earlier band a value: `end 2 before 2` empties it.
  if (band.to > prior.to) {
    const other = prior.from < band.from ? `end ${earlier} before ${band.from}` : `remove ${earlier}`;
    return `Start this ${noun} after ${prior.to} (\`${formatBand({ kind: 'range', from: prior.to + 1, to: band.to })}\`), or ${other}.`;
  }
  if (band.from < prior.from) {
    const other = prior.to > band.to ? `start ${earlier} after ${band.to}` : `remove ${earlier}`;
    return `End this ${noun} before ${prior.from} (\`${formatBand({ kind: 'range', from: band.from, to: prior.from - 1 })}\`), or ${other}.`;
  }
  return `This ${noun} lies inside ${earlier}: remove one of them, or cut ${earlier} around it.`;
}

function overlaps(a: Band, b: Band): boolean {
  if (a.kind === 'key' || b.kind === 'key') return a.kind === 'key' && b.kind === 'key' && a.key === b.key;
  return a.from <= b.to && b.from <= a.to;
}

function reachable(band: Band, domain: Domain): boolean {
  if (domain.kind === 'values') return domain.values.some((v) => (band.kind === 'key' ? String(v) === band.key : typeof v === 'number' && v >= band.from && v <= band.to));
  if (band.kind === 'key') return false;
  return band.from <= domain.to && band.to >= domain.from;
}

/** Values (or sub-intervals) of the domain no band covers. */
function uncovered(bands: Band[], domain: Domain): string[] {
  if (domain.kind === 'values') {
    return domain.values.filter((v) => !bands.some((b) => (b.kind === 'key' ? String(v) === b.key : typeof v === 'number' && v >= b.from && v <= b.to))).map(String);
  }
  const ranges = bands.filter((b): b is Extract<Band, { kind: 'range' }> => b.kind === 'range').sort((a, b) => a.from - b.from);
  const gaps: string[] = [];
  let next = domain.from;
  for (const r of ranges) {
    if (r.from > next && next <= domain.to) gaps.push(formatBand({ kind: 'range', from: next, to: Math.min(r.from - 1, domain.to) }));
    next = Math.max(next, r.to === Infinity ? Infinity : r.to + 1);
    if (gaps.length > MAX_ENUMERATED) break;
  }
  if (next !== Infinity && next <= domain.to) gaps.push(formatBand({ kind: 'range', from: next, to: domain.to }));
  return gaps;
}

function describeMissing(missing: string[]): string {
  return codeList(missing, 8);
}

function checkCross(ctx: CheckContext, path: Path, table: Record<string, unknown>): void {
  const columns = table.columns as unknown[];
  const colDomain = isRecord(table.column_key) ? parseDomain(table.column_key.domain) : undefined;
  checkBands(ctx, path, columns.map((c, i) => ({ band: parseBand(c as string | number), path: [...path, 'columns', i] })), colDomain, 'column');
  for (const [label, row] of Object.entries(table.rows as Record<string, unknown>)) {
    const n = Array.isArray(row) ? row.length : 1;
    if (n !== columns.length) {
      ctx.atValue([...path, 'rows', label], {
        code: 'table-ragged-row',
        message: `Row \`${label}\` has ${n} cell${n === 1 ? '' : 's'} but the table has ${columns.length} columns.`,
        hint: `Give the row exactly ${columns.length} cells, one per column: [${columns.join(', ')}].`,
      });
    }
  }
}

function checkResultCodes(ctx: CheckContext, path: Path, table: Record<string, unknown>): void {
  const codes = Object.keys(table.results as Record<string, unknown>);
  for (const [label, row] of Object.entries(table.rows as Record<string, unknown>)) {
    const cells = Array.isArray(row) ? row : [row];
    cells.forEach((cell, i) => {
      if (typeof cell !== 'string' && typeof cell !== 'number') return;
      if (codes.includes(String(cell))) return;
      const dym = didYouMean(String(cell), codes);
      ctx.atValue(Array.isArray(row) ? [...path, 'rows', label, i] : [...path, 'rows', label], {
        code: 'unknown-result-code',
        message: `\`${cell}\` is not one of this table's results (${codes.join(', ')}).${dym.text}`,
        hint: dym.suggestion ? `Replace it with \`${dym.suggestion}\`.` : 'Use a code from `results:`, or add it there.',
        ...(dym.suggestion ? { fix: dym.suggestion } : {}),
      });
    });
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
