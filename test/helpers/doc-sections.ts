import { readFileSync } from 'node:fs';

export type Stage = 'Loader' | 'Parser' | 'Checker' | 'Runtime';

/** The text of one `## Stage` section of docs/diagnostics.md, up to the next `## ` (empty when absent). */
function section(stage: Stage): string {
  const doc = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
  const start = doc.indexOf(`\n## ${stage}\n`);
  if (start < 0) return '';
  const rest = doc.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  return next < 0 ? rest : rest.slice(0, next);
}

/** The `### code` headings under one `## Stage` section of docs/diagnostics.md. */
export function documentedCodes(stage: Stage): string[] {
  return [...section(stage).matchAll(/^### (\S+)/gm)].map((m) => m[1]!);
}

/**
 * Codes a stage also reports that are documented once, under another stage's heading: the links
 * ``[`code`](#code)`` in the section's introduction (its text before the first `###`). The Runtime
 * section links so the checker's (and loader's) codes a running game raises too (`no-table-row`,
 * `type-mismatch`, `internal-error` …).
 */
export function linkedCodes(stage: Stage): string[] {
  const text = section(stage);
  const first = text.search(/^### /m);
  const intro = first < 0 ? text : text.slice(0, first);
  return [...intro.matchAll(/\[`([a-z]+(?:-[a-z]+)*)`\]\(#([a-z-]+)\)/g)].map((m) => {
    if (m[1] !== m[2]) throw new Error(`docs/diagnostics.md (${stage}): the link to \`${m[1]}\` points at #${m[2]}`);
    return m[1]!;
  });
}
