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

describe('docs/examples: sharded runs on the engines people use', () => {
  test('GitHub Actions: a matrix of shard jobs, artifacts, and a merge job give the unsharded summary', async () => {
    const wf = parse(readFileSync('docs/examples/github-actions-shards.yml', 'utf8')) as { env: Record<string, string>; jobs: Record<string, { needs?: string; strategy?: { matrix: { shard: number[] } }; steps: Step[] }> };
    const env: Record<string, string> = { ...wf.env, ...QUICK };
    const { shard, merge } = wf.jobs as Required<typeof wf.jobs>;
    const matrix = shard!.strategy!.matrix.shard;
    expect(matrix).toEqual(Array.from({ length: Number(env.SHARDS) }, (_, i) => i + 1));
    expect(merge!.needs).toBe('shard');
    const play = shard!.steps.find((s) => s.run?.includes('--shard'))!;
    expect(play.run).toMatch(/^npx rulesmith simulate .*--shard "\$\{\{ matrix\.shard \}\}\/\$SHARDS" --json > /);
    const upload = shard!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    const download = merge!.steps.find((s) => s.uses?.startsWith('actions/download-artifact'))!;
    const [mergeJson, mergeText] = merge!.steps.filter((s) => s.run?.includes('rulesmith merge')) as [Step, Step];

    const root = mkdtempSync(join(tmpdir(), 'rulesmith-gha-'));
    const PATH = shimPath(root);
    const forShard = (text: string, i: number) => text.replaceAll('${{ matrix.shard }}', String(i));
    // The matrix: one runner per shard, all at once.
    const runners = matrix.map((i) => workdir(root, `runner-${i}`));
    const results = await Promise.all(matrix.map((i, k) => sh(forShard(play.run!, i), runners[k]!, { ...env, PATH })));
    for (const r of results) expect(r.code, r.err).toBe(0);
    // upload-artifact from each runner, download-artifact (merge-multiple) into the merge job's folder.
    const merger = workdir(root, 'merge');
    const into = join(merger, String(download.with!.path));
    mkdirSync(into);
    expect(download.with!['merge-multiple']).toBe(true);
    matrix.forEach((i, k) => {
      const file = forShard(String(upload.with!.path), i);
      expect(forShard(String(upload.with!.name), i)).toMatch(new RegExp(`^${String(download.with!.pattern).replace('*', '.*')}$`));
      copyFileSync(join(runners[k]!, file), join(into, file));
    });
    const stepSummary = join(root, 'step-summary.md');
    writeFileSync(stepSummary, '');
    const merged = await sh(mergeJson.run!, merger, { ...env, PATH });
    expect(merged.code, merged.err).toBe(0);
    expect(readFileSync(join(merger, 'summary.json'), 'utf8')).toBe(await unsharded(env, true));
    expect((await sh(mergeText.run!, merger, { ...env, PATH, GITHUB_STEP_SUMMARY: stepSummary })).code).toBe(0);
    expect(readFileSync(stepSummary, 'utf8')).toBe(await unsharded(env, false));
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
