'use strict';
/**
 * Coverage reporter (istanbul's interface; vitest loads it by path, with require, hence CommonJS):
 * one line per top-level folder with its line and branch coverage, since the thresholds of
 * issue 12 are per folder and the text summary gives only the total.
 */
class FoldersReport {
  execute(context) {
    const folders = new Map();
    context.getTree('flat').visit({
      onDetail(node) {
        const folder = node.getQualifiedName().split('/')[0];
        const s = node.getCoverageSummary();
        const f = folders.get(folder) ?? { lines: [0, 0], branches: [0, 0] };
        f.lines[0] += s.lines.covered;
        f.lines[1] += s.lines.total;
        f.branches[0] += s.branches.covered;
        f.branches[1] += s.branches.total;
        folders.set(folder, f);
      },
    });
    const pct = ([covered, total]) => `${total ? ((100 * covered) / total).toFixed(2) : '100.00'}% (${covered}/${total})`;
    for (const [folder, f] of [...folders].sort()) console.log(`Coverage of ${`${folder}/`.padEnd(13)} lines ${pct(f.lines)}, branches ${pct(f.branches)}`);
  }
}
module.exports = FoldersReport;
