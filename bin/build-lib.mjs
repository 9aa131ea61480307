// `npm run build:lib`: compiles grammar/ and interpreter/ to JavaScript with type declarations in
// lib/ (what the package ships), from scratch so no output of a deleted source survives, then
// stamps the build so bin/dev.js can tell whether lib/ is newer than every source.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}lib`, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.lib.json`], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
writeFileSync(`${root}lib/.built`, '');
