/**
 * Diagnostics as SARIF 2.1.0 (Static Analysis Results Interchange Format), the format code-scanning
 * services (GitHub's among them) read. One run, one rule per diagnostic code, each linked to its
 * section of docs/diagnostics.md.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../diagnostics.ts';

/** Where the documentation is published; rule help links point into it. */
export const DOCS_URL = 'https://rulesmith.dev/docs/';
const SRCROOT = '%SRCROOT%';

/** What the run needs beyond the diagnostics. */
export interface SarifRun {
  version: string;
  /** A diagnostic's file as a path relative to `root` (see repo-paths.ts). */
  path: (file: string) => string;
  /** The folder result paths are relative to, when known. */
  root?: string;
  /** Set when the command could not check (usage or I/O error, exit 2). */
  failure?: string;
}

export function formatSarif(diags: Diagnostic[], run: SarifRun): string {
  const codes = [...new Set(diags.map((d) => d.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'rulesmith', version: run.version, informationUri: DOCS_URL, rules: codes.map(rule) } },
      ...(run.root !== undefined ? { originalUriBaseIds: { [SRCROOT]: { uri: `${pathToFileURL(run.root).href.replace(/\/?$/, '/')}` } } } : {}),
      columnKind: 'utf16CodeUnits',
      invocations: [{
        executionSuccessful: run.failure === undefined,
        ...(run.failure !== undefined ? { toolExecutionNotifications: [{ level: 'error', message: { text: run.failure } }] } : {}),
      }],
      results: diags.map((d) => result(d, index.get(d.code)!, run)),
    }],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

function rule(code: string) {
  const helpUri = `${DOCS_URL}diagnostics.md#${code}`;
  return {
    id: code,
    name: code.replace(/-(.)/g, (_, c: string) => c.toUpperCase()),
    shortDescription: { text: code.replace(/-/g, ' ') },
    helpUri,
    help: { text: `What ${code} means, an example and the fix: ${helpUri}`, markdown: `What \`${code}\` means, an example and the fix: [docs/diagnostics.md](${helpUri})` },
  };
}

function result(d: Diagnostic, ruleIndex: number, run: SarifRun) {
  const artifactLocation = location(d.file, run);
  const region = (r: Diagnostic['range']) => ({ startLine: r.start.line, startColumn: r.start.column, endLine: r.end.line, endColumn: r.end.column });
  return {
    ruleId: d.code,
    ruleIndex,
    level: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'note',
    message: { text: d.hint ? `${d.message} Hint: ${d.hint}` : d.message },
    locations: [{ physicalLocation: { artifactLocation, region: region(d.range) } }],
    ...(d.fix ? { fixes: [{ description: { text: d.hint ?? `Replace with ${d.fix.text}` }, artifactChanges: [{ artifactLocation, replacements: [{ deletedRegion: region(d.fix.range), insertedContent: { text: d.fix.text } }] }] }] } : {}),
  };
}

/** Inside the root: a relative URI on %SRCROOT%. Outside (a `../` path): the file's absolute URI. */
function location(file: string, run: SarifRun): { uri: string; uriBaseId?: string } {
  const path = run.path(file);
  if (run.root === undefined || path === '..' || path.startsWith('../')) return { uri: pathToFileURL(resolve(file)).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}
