/**
 * Build of the browser editor (editor/). `npm start` serves it with Vite's dev server; `npm run build`
 * writes a static site to dist/ with relative URLs, so it works from any folder of any web server.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './editor/csp.ts';

const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

/** The policy right after index.html's charset, before any script: a `<meta>` binds only what follows it. */
function contentSecurityPolicy(): Plugin {
  const charset = '<meta charset="utf-8" />';
  return {
    name: 'rulesmith-csp',
    transformIndexHtml(html) {
      if (!html.includes(charset)) throw new Error(`editor/index.html: the Content-Security-Policy goes after \`${charset}\`, which is missing.`);
      return html.replace(charset, `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`);
    },
  };
}

/**
 * One chunk per shipped game (and one for the templates) instead of one per YAML file: a game's
 * files load together anyway (workspace/shipped.ts), and gzip compresses them as one text about a
 * quarter smaller (Blue Max 51 → 39 KB) than file by file, in one request instead of twenty. The
 * entry files (`rulesets/<game>/ruleset.yaml`) stay out: the first load reads them for the game
 * list, and grouping them would pull every game into it.
 */
function rulesetChunk(id: string): string | null {
  const m = /[\\/]rulesets[\\/]([^\\/]+)[\\/](.+)\.yaml\?raw$/.exec(id);
  if (!m || m[2] === 'ruleset') return null;
  return `rulesets-${m[1]}`;
}

export default defineConfig({
  root: 'editor',
  plugins: [contentSecurityPolicy()],
  base: './',
  // The rulesets are bundled from ../rulesets with import.meta.glob; nothing else is public.
  publicDir: false,
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by the size-budget test (test/e2e/budget.e2e.ts) to attribute chunks to sources.
    manifest: true,
    // Monaco's lazy chunk is large by nature; first-load size is checked by the e2e budget test.
    chunkSizeWarningLimit: 4096,
    // Rolldown's note on slow plugins (Vite's worker transform of Monaco) is not actionable here.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: { codeSplitting: { groups: [{ name: rulesetChunk }] } },
    },
  },
  worker: { format: 'es' },
  resolve: {
    // monaco-worker-manager (used by monaco-yaml) imports `monaco-editor/esm/vs/…`, a path that
    // monaco-editor's `exports` map no longer exposes; point it at the files.
    alias: [{ find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` }],
  },
  // Dependencies the dev server would otherwise discover late (in workers and lazy chunks) and
  // reload the page for.
  optimizeDeps: { include: ['yaml', 'monaco-yaml', 'monaco-yaml/yaml.worker.js'] },
  server: { host: '127.0.0.1', port: 5173, fs: { allow: ['..'] }, headers: SECURITY_HEADERS },
  preview: { host: '127.0.0.1', port: 4173, headers: SECURITY_HEADERS },
});
