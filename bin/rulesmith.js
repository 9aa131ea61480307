#!/usr/bin/env node
// Runs the compiled CLI in lib/ (`npm run build:lib`; `prepare` builds it on `npm install` in the
// repository, on `npm pack`, and when npm installs rulesmith from a git URL). In the repository,
// bin/dev.js decides instead: it runs the TypeScript sources through tsx while lib/ is missing or
// older than them, so `npx rulesmith` never drifts from the tested code. The package ships no dev.js.
import { existsSync } from 'node:fs';

const dev = new URL('./dev.js', import.meta.url);
const lib = new URL('../lib/interpreter/cli/main.js', import.meta.url);
if (!existsSync(dev) && !existsSync(lib)) {
  // Installed without its build (`--ignore-scripts`, or a copy of the sources): say so, not a stack trace.
  process.stderr.write(
    'rulesmith: this copy has no compiled CLI (lib/ is missing). It is built by the package\'s `prepare` script, which\n' +
      'npm skips with --ignore-scripts. Install a packed or published rulesmith, or reinstall without --ignore-scripts.\n',
  );
  process.exit(2);
}
const { main, processIo } = existsSync(dev) ? await (await import(dev.href)).loadCli() : await import(lib.href).then(async (m) => ({ main: m.main, processIo: (await import('../lib/interpreter/cli/io.js')).processIo }));
process.exitCode = await main(process.argv.slice(2), processIo());
