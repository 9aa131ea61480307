import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { runCli } from './run-cli.ts';

/**
 * The shard examples in docs/examples/, run the way their engines run them: every shard a separate
 * process in a folder of its own (a runner, a pod), started at the same time, from the command text
 * the file holds, then `merge`. The only things changed are values the files declare as settings:
 * fewer games and random bots (GAMES, AGENTS) so this stays quick, and RESULTS, the pods' shared
 * volume, pointed at a temporary folder. `npx rulesmith` is a shim that runs this checkout's bin.
 */

const REPO = resolve('.');
const QUICK = { GAMES: '6', AGENTS: 'random' };

/** A folder like a runner's or a pod's working folder: the repository's rulesets, and `npx` on PATH. */
function workdir(root: string, name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(REPO, 'rulesets'), join(dir, 'rulesets'));
  return dir;
}

function shimPath(root: string): string {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = rulesmith ] || { echo "npx shim: only rulesmith" >&2; exit 127; }\nshift\nexec node ${JSON.stringify(join(REPO, 'bin/rulesmith.js'))} "$@"\n`);
  chmodSync(join(bin, 'npx'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

/** Run a shell command as a CI step or a container's `sh -c` does. */
function sh(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn('sh', ['-c', script], { cwd, env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d; });
    child.stderr.on('data', (d: Buffer) => { err += d; });
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, out, err }));
  });
}

/** What one machine prints for the same run. */
async function unsharded(env: Record<string, string>, json: boolean): Promise<string> {
  const r = await runCli(['simulate', env.RULESET!, '--games', env.GAMES!, '--seed', env.SEED!, '--agents', env.AGENTS!, ...(json ? ['--json'] : [])]);
  expect(r.code, r.err).toBe(0);
  return r.out;
}

interface Step { name?: string; run?: string; uses?: string; with?: Record<string, unknown> }

interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { needs?: string; strategy?: { matrix: { shard: number[] } }; steps: Step[] }>;
}

/**
 * Run a GitHub Actions workflow of docs/examples the way Actions would: a runner per matrix shard,
 * all at once, each step's `run:` in `sh`; upload-artifact from each runner, download-artifact
 * (merge-multiple) into the merge job's folder; then the merge job's `run:` steps in order.
 * Returns the merge job's folder and the step summary it wrote.
 */
async function runWorkflow(file: string, env: Record<string, string>, play: RegExp): Promise<{ merger: string; summary: string }> {
  const wf = parse(readFileSync(file, 'utf8')) as Workflow;
  const { shard, merge } = wf.jobs as Required<Workflow['jobs']>;
  const matrix = shard!.strategy!.matrix.shard;
  expect(matrix).toEqual(Array.from({ length: Number(env.SHARDS) }, (_, i) => i + 1));
  expect(merge!.needs).toBe('shard');
  const step = shard!.steps.find((s) => s.run?.includes('--shard'))!;
  expect(step.run).toMatch(play);
  const upload = shard!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
  const download = merge!.steps.find((s) => s.uses?.startsWith('actions/download-artifact'))!;

  const root = mkdtempSync(join(tmpdir(), 'rulesmith-gha-'));
  const PATH = shimPath(root);
  const forShard = (text: string, i: number) => text.replaceAll('${{ matrix.shard }}', String(i));
  const runners = matrix.map((i) => workdir(root, `runner-${i}`));
  const results = await Promise.all(matrix.map((i, k) => sh(forShard(step.run!, i), runners[k]!, { ...env, PATH })));
  for (const r of results) expect(r.code, r.err).toBe(0);
  const merger = workdir(root, 'merge');
  const into = join(merger, String(download.with!.path));
  mkdirSync(into);
  expect(download.with!['merge-multiple']).toBe(true);
  matrix.forEach((i, k) => {
    const name = forShard(String(upload.with!.path), i);
    expect(forShard(String(upload.with!.name), i)).toMatch(new RegExp(`^${String(download.with!.pattern).replace('*', '.*')}$`));
    copyFileSync(join(runners[k]!, name), join(into, name));
  });
  const summary = join(root, 'step-summary.md');
  writeFileSync(summary, '');
  for (const s of merge!.steps.filter((x) => x.run?.includes('rulesmith merge'))) {
    const r = await sh(s.run!, merger, { ...env, PATH, GITHUB_STEP_SUMMARY: summary });
    expect(r.code, r.err).toBe(0);
  }
  return { merger, summary: readFileSync(summary, 'utf8') };
}

describe('docs/examples: sharded runs on the engines people use', () => {
  test('GitHub Actions: a matrix of shard jobs, artifacts, and a merge job give the unsharded summary', async () => {
    const wf = parse(readFileSync('docs/examples/github-actions-shards.yml', 'utf8')) as Workflow;
    const env: Record<string, string> = { ...wf.env, ...QUICK };
    const { merger, summary } = await runWorkflow('docs/examples/github-actions-shards.yml', env, /^npx rulesmith simulate .*--shard "\$\{\{ matrix\.shard \}\}\/\$SHARDS" --json > /);
    expect(readFileSync(join(merger, 'summary.json'), 'utf8')).toBe(await unsharded(env, true));
    expect(summary).toBe(await unsharded(env, false));
  }, 240_000);

  test('GitHub Actions: a variant diff with bots over a matrix of shards merges to the unsharded diff, its report, and the summary', async () => {
    const wf = parse(readFileSync('docs/examples/github-actions-variant-diff.yml', 'utf8')) as Workflow;
    const env: Record<string, string> = { ...wf.env, GAMES: '8', AGENTS: 'random' };
    const { merger, summary } = await runWorkflow('docs/examples/github-actions-variant-diff.yml', env, /^npx rulesmith diff "\$BASE" "\$VARIANT" --odds --simulate .*--shard "\$\{\{ matrix\.shard \}\}\/\$SHARDS" --json > /);
    const whole = (json: boolean) => runCli(['diff', env.BASE!, env.VARIANT!, '--odds', '--simulate', env.GAMES!, '--seed', env.SEED!, '--agents', env.AGENTS!, ...(json ? ['--json'] : [])]);
    const [json, text] = [await whole(true), await whole(false)];
    expect([json.code, text.code]).toEqual([0, 0]);
    expect(readFileSync(join(merger, 'diff.json'), 'utf8')).toBe(json.out);
    expect(JSON.parse(json.out).simulation.games).toBe(8);
    expect(summary).toBe(`\`\`\`\n${text.out}\`\`\`\n`);
    expect(readFileSync(join(merger, 'report.html'), 'utf8')).toContain('<svg');
  }, 240_000);

  test('Kubernetes: an Indexed Job (shard from JOB_COMPLETION_INDEX) and a merge Job give the unsharded summary', async () => {
    type Container = { workingDir: string; env: Array<{ name: string; value: string }>; command: string[]; args: string[]; volumeMounts: Array<{ mountPath: string }> };
    type Job = { kind: string; metadata: { name: string; labels: Record<string, string> }; spec: { completionMode?: string; completions?: number; parallelism?: number; template: { spec: { containers: Container[] } } } };
    const docs = parseAllDocuments(readFileSync('docs/examples/k8s-indexed-job.yaml', 'utf8')).map((d) => d.toJS() as Job);
    const shards = docs.find((d) => d.kind === 'Job' && d.spec.completionMode === 'Indexed')!;
    const merge = docs.find((d) => d.kind === 'Job' && d !== shards)!;
    expect([shards.metadata.labels['rulesmith-step'], merge.metadata.labels['rulesmith-step']]).toEqual(['shards', 'merge']);
    const [pod] = shards.spec.template.spec.containers as [Container];
    const [mergePod] = merge.spec.template.spec.containers as [Container];
    const declared = Object.fromEntries(pod.env.map((e) => [e.name, e.value]));
    const count = shards.spec.completions!;
    expect(Number(declared.SHARDS)).toBe(count);
    expect(pod.command).toEqual(['sh', '-c']);
    expect(pod.args[0]).toMatch(/^npx rulesmith simulate .*--shard "auto\/\$SHARDS" --json > /);
    expect(pod.volumeMounts[0]!.mountPath).toBe(declared.RESULTS);
    expect(mergePod.env).toEqual([{ name: 'RESULTS', value: declared.RESULTS }]);

    const root = mkdtempSync(join(tmpdir(), 'rulesmith-k8s-'));
    const PATH = shimPath(root);
    const volume = join(root, 'results');
    mkdirSync(volume);
    const env = { ...declared, ...QUICK, RESULTS: volume, PATH };
    // The pods: one per completion index, each in its own working folder, all at once.
    const pods = await Promise.all(Array.from({ length: count }, (_, k) =>
      sh(pod.args[0]!, workdir(root, `pod-${k}${pod.workingDir}`), { ...env, JOB_COMPLETION_INDEX: String(k) })));
    for (const r of pods) expect(r.code, r.err).toBe(0);
    const merged = await sh(mergePod.args[0]!, workdir(root, `merge${mergePod.workingDir}`), { RESULTS: volume, PATH });
    expect(merged.code, merged.err).toBe(0);
    const expected = await unsharded(env, true);
    expect(merged.out).toBe(expected);
    expect(readFileSync(join(volume, 'summary.json'), 'utf8')).toBe(expected);
  }, 240_000);
});
