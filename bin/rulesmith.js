#!/usr/bin/env node
// Runs the compiled CLI in lib/ (`npm run build:lib`; `npm pack` builds it). In the repository,
// bin/dev.js decides instead: it runs the TypeScript sources through tsx while lib/ is missing or
// older than them, so `npx rulesmith` never drifts from the tested code. The package ships no dev.js.
import { existsSync } from 'node:fs';

const dev = new URL('./dev.js', import.meta.url);
const { main, processIo } = existsSync(dev) ? await (await import(dev.href)).loadCli() : await import('../lib/interpreter/cli/main.js').then(async (m) => ({ main: m.main, processIo: (await import('../lib/interpreter/cli/io.js')).processIo }));
process.exitCode = await main(process.argv.slice(2), processIo());
