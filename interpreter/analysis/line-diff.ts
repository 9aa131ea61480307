/** One line of a script diff: kept (' '), removed ('-'), added ('+'), or '…' for unchanged lines left out. */
export interface DiffLine {
  op: ' ' | '-' | '+' | '…';
  text: string;
}

/** Unchanged lines kept around each change, as in a unified diff. */
const CONTEXT = 2;

/**
 * A line diff of two texts by longest common subsequence (scripts are at most a few hundred
 * lines, so the quadratic table is cheap), with unchanged runs beyond the context folded to '…'.
 */
export function lineDiff(a: string, b: string): DiffLine[] {
  const x = a.replace(/\n$/, '').split('\n');
  const y = b.replace(/\n$/, '').split('\n');
  if (a === '') x.length = 0;
  if (b === '') y.length = 0;
  // lcs[i][j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const all: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) { all.push({ op: ' ', text: x[i]! }); i++; j++; }
    else if (i < x.length && (j === y.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) all.push({ op: '-', text: x[i++]! });
    else all.push({ op: '+', text: y[j++]! });
  }
  const near = all.map((_, k) => all.slice(Math.max(0, k - CONTEXT), k + CONTEXT + 1).some((l) => l.op !== ' '));
  const out: DiffLine[] = [];
  all.forEach((l, k) => {
    if (near[k]) out.push(l);
    else if (out[out.length - 1]?.op !== '…') out.push({ op: '…', text: '' });
  });
  return out;
}
