import { codeList, type Report } from './context.ts';
import type { Missing } from './types.ts';

const rowNames = (rows: readonly string[]): string => (rows.length === 1 ? `row \`${rows[0]}\`` : `rows ${codeList(rows, 4)}`);

/**
 * What to say where a value that is a number but for some rows, types or returns (`missing`) is
 * used as a number (`what` must be one): which of them are not, and what to do about it.
 */
export function missingReport(m: Missing, what: string): Report {
  if (m.prop) {
    const { field, prop } = m;
    const kind = prop.of === 'area' ? 'area' : 'piece type';
    const which = prop.types.length === 1 ? `${kind} \`${prop.types[0]}\`` : `${kind}s ${prop.types.map((x) => `\`${x}\``).join(', ')}`;
    return {
      code: 'mixed-prop-kinds',
      message: `${what} must be a number, but the prop \`${field}\` is ${prop.reads} in ${which} (a number in the other ${prop.of === 'area' ? 'areas' : 'types'}).`,
      hint: prop.of === 'area'
        ? `Give \`${field}\` a number in every area that declares it, or test the area before using it as a number.`
        : `Give \`${field}\` a number in every piece type that declares it, or test the piece (its \`type\` or \`kind\`) before using it as a number.`,
    };
  }
  if (m.returned) {
    const { table, returned } = m;
    return {
      code: 'mixed-return-kinds',
      message: `${what} must be a number, but \`${table}\` returns ${returned.reads} at ${returned.at} (a number from its other \`return\`s).`,
      hint: `Return a number there too (0 if it adds nothing, \`none\` for no value), or test what \`${table}\` gives before using it as a number.`,
    };
  }
  if (m.kind) return mixedRows(m, (x) => `${what} must be a number, but ${x}.`, 'a number');
  const { table, field, rows } = m;
  return {
    code: 'missing-table-field',
    message: `${what} must be a number, but \`${field}\` is missing from ${rowNames(rows)} of \`${table}\`: there it reads \`none\`.`,
    hint: `Give ${rows.length === 1 ? 'that row' : 'those rows'} a \`${field}\` (0 if it adds nothing), or test the value (\`… != none\`) before using it.`,
  };
}

/** A table's rows (or one field of them) of another kind than the rest, where the rest's kind (`kind`) is needed. */
export function mixedRows(m: Missing, problem: (what: string) => string, kind: string): Report {
  const what = m.field ? `\`${m.field}\` is ${m.kind!.reads} in ${rowNames(m.rows)} of \`${m.table}\` (${kind} in its other rows)` : `\`${m.table}\` gives ${m.kind!.reads} in ${rowNames(m.rows)} (${kind} in its other rows)`;
  return {
    code: 'mixed-row-kinds',
    message: problem(what),
    hint: `Give ${m.rows.length === 1 ? 'that row' : 'those rows'} ${kind}${m.field ? ` for \`${m.field}\`` : ''} like the others, or test the key or the value before using it as ${kind}.`,
  };
}
