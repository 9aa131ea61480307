/**
 * `rulesmith lsp` spoken to by a real LSP client (vscode-languageserver-protocol's JSON-RPC over the
 * spawned process's stdio): initialize, open a broken file, receive diagnostics for it and for the
 * file it includes, then ask for completion, hover and definition.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CompletionRequest,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  ReferencesRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
  type CompletionItem,
  type Hover,
  type Location,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { runCli } from './run-cli.ts';

const MAIN = `rulesmith: 1
id: tiny
name: Tiny
include: [procs.yaml]
sides:
  red: { name: Red }
  blue: { name: Blue }
players: { min: 2, max: 2 }
tracks:
  score: { min: 0, max: 10, initial: 0, description: Points scored so far. }
flow:
  phases:
    - id: only
      do: |
        scroe += 1
        bump()
        end game with { winner: red }
`;
const PROCS = `procedures:
  bump:
    do: |
      score += 2 +
`;

let dir: string;
let server: ChildProcess;
let client: ProtocolConnection;
const received: PublishDiagnosticsParams[] = [];
const waiters: Array<() => boolean> = [];

function diagnosticsFor(uri: string, count: number): Promise<PublishDiagnosticsParams> {
  return new Promise((done) => {
    const check = (): boolean => {
      const found = received.filter((p) => p.uri === uri);
      if (found.length < count) return false;
      done(found[count - 1]!);
      return true;
    };
    if (!check()) waiters.push(check);
  });
}

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'rulesmith-lsp-')));
  writeFileSync(join(dir, 'ruleset.yaml'), MAIN);
  writeFileSync(join(dir, 'procs.yaml'), PROCS);
  server = spawn(process.execPath, [join(import.meta.dirname, '../../bin/rulesmith.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  client = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  client.onNotification(PublishDiagnosticsNotification.type, (params) => {
    received.push(params);
    // A waiter whose file has not had its turn yet stays.
    waiters.splice(0, waiters.length, ...waiters.filter((w) => !w()));
  });
  client.listen();
  const init = await client.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: null });
  expect(init.capabilities.hoverProvider).toBe(true);
  await client.sendNotification(InitializedNotification.type, {});
}, 30_000);

afterAll(async () => {
  await client.sendRequest(ShutdownRequest.type);
  await client.sendNotification(ExitNotification.type);
  await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(undefined)));
  client.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('rulesmith lsp over stdio', () => {
  const mainUri = (): string => pathToFileURL(join(dir, 'ruleset.yaml')).href;
  const procsUri = (): string => pathToFileURL(join(dir, 'procs.yaml')).href;

  test('opening a broken file should publish its script errors and those of the file it includes, positioned like validate', async () => {
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: mainUri(), languageId: 'yaml', version: 1, text: MAIN } });
    const [main, procs] = await Promise.all([diagnosticsFor(mainUri(), 1), diagnosticsFor(procsUri(), 1)]);
    // The same problems, at the same places, as `rulesmith validate` prints for these files.
    const validate = JSON.parse((await runCli(['validate', dir, '--format', 'json'])).out) as Array<{ code: string; file: string; range: { start: { line: number; column: number } } }>;
    const published = [...main.diagnostics.map((d) => ['ruleset.yaml', d] as const), ...procs.diagnostics.map((d) => ['procs.yaml', d] as const)];
    expect(published.map(([file, d]) => `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}:${String(d.code)}`).sort()).toEqual(
      validate.map((d) => `${d.file.slice(dir.length + 1)}:${d.range.start.line}:${d.range.start.column}:${d.code}`).sort(),
    );
    expect(main.diagnostics.map((d) => d.code)).toEqual(['unknown-name']);
    const unknown = main.diagnostics[0]!;
    // `scroe` on line 15 (0-based 14), columns 9–14 (0-based 8–13).
    expect(unknown.range).toEqual({ start: { line: 14, character: 8 }, end: { line: 14, character: 13 } });
    expect(unknown.source).toBe('rulesmith');
    expect(unknown.message).toContain('score');
    expect(procs.diagnostics.length).toBeGreaterThan(0);
    expect(procs.diagnostics[0]!.range.start.line).toBe(3);
    expect(procs.diagnostics[0]!.severity).toBe(1);
  }, 30_000);

  test('an unsaved fix, sent as an incremental edit, should clear the diagnostics of the open file', async () => {
    await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: mainUri(), version: 2 }, contentChanges: [{ range: { start: { line: 14, character: 8 }, end: { line: 14, character: 13 } }, text: 'score' }] });
    const main = await diagnosticsFor(mainUri(), 2);
    expect(main.diagnostics).toEqual([]);
  }, 30_000);

  test('a YAML file that is no ruleset and that no ruleset includes should get no diagnostics', async () => {
    const other = pathToFileURL(join(dir, 'compose.yaml')).href;
    await client.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: other, languageId: 'yaml', version: 1, text: 'services:\n  web: { image: nginx }\n' } });
    expect((await diagnosticsFor(other, 1)).diagnostics).toEqual([]);
  }, 30_000);

  test('completion in a script should offer the ruleset ids and built-ins', async () => {
    const items = (await client.sendRequest(CompletionRequest.type, { textDocument: { uri: mainUri() }, position: { line: 14, character: 10 } })) as CompletionItem[];
    const names = items.map((i) => i.label);
    expect(names).toContain('score');
    expect(names).toContain('bump');
    expect(names).toContain('red');
    const score = items.find((i) => i.label === 'score')!;
    expect(score.textEdit).toEqual({ range: { start: { line: 14, character: 8 }, end: { line: 14, character: 10 } }, newText: 'score' });
  }, 30_000);

  test('hover should describe the name and where it is defined', async () => {
    const hover = (await client.sendRequest(HoverRequest.type, { textDocument: { uri: mainUri() }, position: { line: 15, character: 9 } })) as Hover;
    const text = (hover.contents as { value: string }).value;
    // As it is called: `bump()`, a procedure of no params.
    expect(text).toContain('**procedure** `bump()`');
    expect(text).toContain('procs.yaml');
  }, 30_000);

  test('find-references should list where scripts use a name, from a use or from its defining key, in any file of the ruleset', async () => {
    const at = (ls: Location[] | null) => (ls ?? []).map((l) => `${l.uri === mainUri() ? 'ruleset.yaml' : l.uri === procsUri() ? 'procs.yaml' : l.uri}:${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`);
    // From `score` in the phase's script (line 15, fixed above), with its definition.
    const fromUse = (await client.sendRequest(ReferencesRequest.type, { textDocument: { uri: mainUri() }, position: { line: 14, character: 10 }, context: { includeDeclaration: true } })) as Location[] | null;
    expect(at(fromUse)).toEqual(['ruleset.yaml:9:2-7', 'ruleset.yaml:14:8-13']);
    // From the key that defines `bump` in the included file, without it: the call in the phase.
    const fromKey = (await client.sendRequest(ReferencesRequest.type, { textDocument: { uri: procsUri() }, position: { line: 1, character: 3 }, context: { includeDeclaration: false } })) as Location[] | null;
    expect(at(fromKey)).toEqual(['ruleset.yaml:15:8-12']);
    // A word of the language is no name of the ruleset's.
    expect(await client.sendRequest(ReferencesRequest.type, { textDocument: { uri: mainUri() }, position: { line: 16, character: 9 }, context: { includeDeclaration: true } })).toBeNull();
  }, 30_000);

  test('go-to-definition should jump to the key in the included file', async () => {
    const location = (await client.sendRequest(DefinitionRequest.type, { textDocument: { uri: mainUri() }, position: { line: 15, character: 9 } })) as Location;
    expect(location.uri).toBe(procsUri());
    expect(location.range.start).toEqual({ line: 1, character: 2 });
  }, 30_000);
});
