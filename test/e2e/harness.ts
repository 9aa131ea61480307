/**
 * What every e2e test needs: the built editor served from dist/ on 127.0.0.1, Debian's Chromium
 * driven by playwright-core with a fresh profile, and screenshots of each step in test-artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SECURITY_HEADERS } from '../../editor/csp.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'test-artifacts', 'e2e');
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml',
};

/**
 * Serve dist/ (as any static web server would) on an ephemeral loopback port, with the editor's
 * security headers (editor/csp.ts) unless `headers` is false: then only index.html's `<meta>`
 * policy applies, as on a host that sends no headers.
 */
export async function serveDist({ headers = true }: { headers?: boolean } = {}): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` (or `npm run test:e2e`, which builds first).');
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...(headers ? SECURITY_HEADERS : {}) });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught page errors, console errors and Content-Security-Policy violations seen so far (so
   * every test that wants none also proves its flow needs nothing the policy forbids).
   */
  errors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

// Runs in the page (as an init script, which no policy blocks) before the app; names the directive,
// what was blocked and where.
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  globalThis.rsReportViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber + (e.sample ? ' "' + e.sample + '"' : ''));
}, true);`;

/** Chromium with a fresh user-data-dir; `prefix` names the screenshots. */
export async function openBrowser(prefix: string): Promise<Session> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get update && apt-get install -y chromium\`.`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'rulesmith-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // A test that goes to a new page while a game or a simulation is under way leaves it, as a person
  // who answers "Leave" would (the editor asks before leaving such work; unanswered, the page would stay).
  page.on('dialog', (d) => { if (d.type() === 'beforeunload') void d.accept(); });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  // The page reports each violation as an event; Chromium's console line for it is not always an
  // error-level message, so the event itself is forwarded.
  await context.exposeBinding('rsReportViolation', (_source, text: string) => errors.push(`csp: ${text}`));
  await context.addInitScript(REPORT_VIOLATIONS);
  let step = 0;
  return {
    context,
    page,
    errors,
    shot: async (name) => {
      step++;
      await page.screenshot({ path: join(ARTIFACTS, `${prefix}-${String(step).padStart(2, '0')}-${name}.png`) });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The usual test-file lifecycle: serve dist/ and open a browser before the file's tests, close both
 * after; `ready` hands the server and the session to the file.
 */
export function useServedApp(prefix: string, ready: (server: Awaited<ReturnType<typeof serveDist>>, session: Session) => void): void {
  let server: Awaited<ReturnType<typeof serveDist>> | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    server = await serveDist();
    session = await openBrowser(prefix);
    ready(server, session);
  });
  afterAll(async () => {
    await session?.close();
    await server?.close();
  });
}
