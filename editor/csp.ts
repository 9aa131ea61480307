/**
 * The editor's Content-Security-Policy (docs/security.md). Rulesets, variants and share links come
 * from strangers; whatever a bug let their text reach, the page must not run it as script or send
 * it anywhere. One source for the three places that deliver it: the `<meta>` of the built
 * index.html (so any static host enforces it), and the headers of Vite's dev and preview servers
 * and of the e2e server (headers also bind the workers, which a `<meta>` cannot reach, and carry
 * `frame-ancestors`, which a `<meta>` may not).
 */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'none'"],
  // Only the bundle's own files: no inline script, no eval, no `new Function` (the schema
  // validator is compiled at build time for this), no script from anywhere else.
  ['script-src', "'self'"],
  // The validator, playtest, simulation and Monaco workers are files of the bundle.
  ['worker-src', "'self'"],
  // Nothing is fetched from elsewhere; `'self'` also admits the dev server's own WebSocket.
  ['connect-src', "'self'"],
  // Styles are not scripts: Monaco writes `<style>` elements and `style` attributes as it lays
  // out text, which no nonce can cover. Inline styles cannot run code.
  ['style-src', "'self' 'unsafe-inline'"],
  // Monaco's CSS draws a few images as data: URLs; the page icon is an empty data: URL.
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** The policy as a `<meta http-equiv="Content-Security-Policy">` may carry it. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** The policy as a server sends it: no page may frame the editor (clickjacking). */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

/** Response headers for every file of the editor. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
