// Repository only (not in the package): which CLI `bin/rulesmith.js` runs. lib/ when it was built
// after every source file last changed; otherwise the sources through tsx (a devDependency), so a
// fresh clone needs no build step and an edit is never hidden by a stale build.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = `${ROOT}lib/.built`;

/** Newest modification time of the files lib/ is built from. */
function newestSource() {
  let newest = statSync(`${ROOT}tsconfig.lib.json`).mtimeMs;
  for (const top of ['grammar', 'interpreter']) {
    for (const rel of readdirSync(`${ROOT}${top}`, { recursive: true })) {
      newest = Math.max(newest, statSync(`${ROOT}${top}/${rel}`).mtimeMs);
    }
  }
  return newest;
}

function libIsFresh() {
  const built = statSync(STAMP, { throwIfNoEntry: false });
  return built !== undefined && built.mtimeMs >= newestSource();
}

export async function loadCli() {
  if (libIsFresh()) {
    const [{ main }, { processIo }] = await Promise.all([import('../lib/interpreter/cli/main.js'), import('../lib/interpreter/cli/io.js')]);
    return { main, processIo };
  }
  const { register } = await import('tsx/esm/api');
  register();
  const [{ main }, { processIo }] = await Promise.all([import('../interpreter/cli/main.ts'), import('../interpreter/cli/io.ts')]);
  return { main, processIo };
}
