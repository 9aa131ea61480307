/**
 * Shards: one run of `simulate`, `tournament` or a comparison (`simulate --compare`, `diff
 * --simulate`) split over machines (`--shard i/n`), and the file
 * each shard prints for `rulesmith merge`. Shard i of n plays one contiguous block of the games
 * (see shardRange); a game's seed and seat rotation come from its global index, so which machine
 * plays it changes nothing and the merged records are those of the unsharded run, in game order.
 */

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** What a shard prints: its games' records and everything that names the run they belong to. */
export interface ShardFile<R = unknown> {
  format: 'rulesmith-shard';
  version: 1;
  /** `compare`: both rule sets' games (`run.command` says which command's output merge prints). */
  command: 'simulate' | 'tournament' | 'compare';
  /** `i/n`. */
  shard: string;
  /** Identity of the run: shards merge only when these are equal (ruleset hash, seed, games, options, agents…). */
  run: Record<string, unknown>;
  /** Global game indexes this shard played, inclusive (from > to when it played none). */
  from: number;
  to: number;
  records: R[];
  /** What the command prints besides the games (a diff's changes and odds): the same in every shard. */
  context?: Record<string, unknown>;
}

/**
 * `--shard i/n` (1 ≤ i ≤ n), or `--shard auto/n`, which reads the 0-based index a Kubernetes Indexed
 * Job gives each pod in JOB_COMPLETION_INDEX (so pod 0 is shard 1).
 */
export function parseShard(raw: string, env: Record<string, string | undefined>): Shard | { error: string } {
  const m = /^(auto|\d+)\/(\d+)$/.exec(raw.trim());
  if (!m) return { error: `--shard takes i/n (shard i of n, 1-based) or auto/n, not '${raw}'` };
  const count = Number(m[2]);
  if (!Number.isSafeInteger(count) || count < 1) return { error: `--shard ${raw}: n must be a positive whole number` };
  let index: number;
  if (m[1] === 'auto') {
    const env0 = env.JOB_COMPLETION_INDEX;
    if (env0 === undefined || !/^\d+$/.test(env0)) return { error: `--shard auto/${count} reads the 0-based shard index from JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job), which is ${env0 === undefined ? 'not set' : `'${env0}'`}` };
    index = Number(env0) + 1;
  } else index = Number(m[1]);
  if (index < 1 || index > count) return { error: `--shard ${raw}: shard ${index} of ${count} does not exist (shards are 1..${count}${m[1] === 'auto' ? `; JOB_COMPLETION_INDEX is 0..${count - 1}` : ''})` };
  return { index, count };
}

/** Games `from..to` (1-based, inclusive) of shard i of n over N games: contiguous, sizes differ by at most one. */
export function shardRange(games: number, shard: Shard): [number, number] {
  return [Math.floor(((shard.index - 1) * games) / shard.count) + 1, Math.floor((shard.index * games) / shard.count)];
}

export function shardFile<R>(command: ShardFile['command'], shard: Shard, run: Record<string, unknown>, range: [number, number], records: R[]): ShardFile<R> {
  return { format: 'rulesmith-shard', version: 1, command, shard: `${shard.index}/${shard.count}`, run, from: range[0], to: range[1], records };
}

/** A shard's JSON on one line: shard files are read by `merge`, not by people, and may hold many games. */
export const shardJson = (file: ShardFile): string => `${JSON.stringify(file)}\n`;
