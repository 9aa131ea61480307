#!/usr/bin/env node
// Runs the TypeScript CLI straight from source through tsx, so `npx rulesmith` works after
// `npm install` with no build step and the CLI can never drift from the tested sources.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../interpreter/cli/main.ts');
const { processIo } = await import('../interpreter/cli/io.ts');
process.exitCode = await main(process.argv.slice(2), processIo());
