import { readFileSync } from 'node:fs';

/** The `### code` headings under one `## Stage` section of docs/diagnostics.md. */
export function documentedCodes(stage: 'Loader' | 'Parser' | 'Checker'): string[] {
  const doc = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
  const start = doc.indexOf(`\n## ${stage}\n`);
  if (start < 0) return [];
  const rest = doc.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^### (\S+)/gm)].map((m) => m[1]!);
}
