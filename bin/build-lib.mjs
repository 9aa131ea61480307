// `npm run build:lib`: compiles grammar/ and interpreter/ to JavaScript with type declarations in
// lib/ (what the package ships), from scratch so no output of a deleted source survives, then
// stamps the build so bin/dev.js can tell whether lib/ is newer than every source.
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
rmSync(`${root}lib`, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.lib.json`], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// Plain JavaScript sources tsc does not emit: the schema validator compiled ahead of time
// (bin/generate-schema-validator.ts) and its declarations.
for (const f of ['interpreter/load/schema-validator.generated.js', 'interpreter/load/schema-validator.generated.d.ts']) copyFileSync(`${root}${f}`, `${root}lib/${f}`);
writeFileSync(`${root}lib/.built`, '');
