// `npm run build:lib`: compiles grammar/ and interpreter/ to JavaScript with type declarations in
// lib/ (what the package ships), from scratch so no output of a deleted source survives, then
// stamps the build so bin/dev.js can tell whether lib/ is newer than every source, and with the
// sources' engine fingerprint (lib/engine-fingerprint).
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
// grammar/chevrotain.ts in the package: chevrotain's one-file build when the installed chevrotain
// has it (its `exports` name only the entry, so it is found next to the entry Node resolves), else
// the entry. The entry's 647 lodash-es modules cost about 0.35 s of every start; see that file.
writeFileSync(`${root}lib/grammar/chevrotain.js`, `// Written by bin/build-lib.mjs in place of the compiled grammar/chevrotain.ts: see there.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
const single = join(dirname(createRequire(import.meta.url).resolve('chevrotain')), '..', 'chevrotain.mjs');
const chevrotain = existsSync(single) ? await import(pathToFileURL(single).href) : await import('chevrotain');
export const { createToken, EmbeddedActionsParser, EOF, Lexer, NoViableAltException, tokenMatcher } = chevrotain;
`);
// The engine fingerprint of the sources lib/ is built from (interpreter/cli/game-cache.ts): games
// kept with --cache are then shared between the compiled CLI and the sources run through tsx.
const { codeFingerprint, FINGERPRINT_FILE } = await import('../lib/interpreter/cli/game-cache.js');
writeFileSync(`${root}lib/${FINGERPRINT_FILE}`, `${codeFingerprint(root)}\n`);
writeFileSync(`${root}lib/.built`, '');
