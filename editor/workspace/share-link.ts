/**
 * Share a variant as a link: the variant's text, compressed (deflate-raw) and base64url-encoded in
 * the URL hash (`#share=…`), so it never reaches a server. A link is data only: decoding checks
 * the shape and bounds and yields text that the editor loads like any imported file.
 */
import type { Workspace } from './workspace.ts';

export const SHARE_PREFIX = '#share=';
/** Decompressed size a link may carry (the loader's own per-file limit is 1 MiB). */
export const MAX_SHARED_BYTES = 1024 * 1024;

export interface SharedVariant {
  /** Game folder under rulesets/. */
  game: string;
  /** File name in the game's variants/ folder. */
  file: string;
  text: string;
}

const SAFE_GAME = /^[a-z0-9][a-z0-9._-]{0,79}$/;
const SAFE_FILE = /^[a-z0-9][a-z0-9_-]{0,79}\.ya?ml$/;

export async function encodeShare(variant: SharedVariant): Promise<string> {
  const json = JSON.stringify({ v: 1, game: variant.game, file: variant.file, text: variant.text });
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  return `${SHARE_PREFIX}${toBase64Url(packed)}`;
}

/** The variant a `#share=…` hash carries, or why it cannot be read. */
export async function decodeShare(hash: string): Promise<SharedVariant | { error: string }> {
  if (!hash.startsWith(SHARE_PREFIX)) return { error: 'Not a shared-variant link.' };
  let json: unknown;
  try {
    const bytes = await pipe(fromBase64Url(hash.slice(SHARE_PREFIX.length)), new DecompressionStream('deflate-raw'), MAX_SHARED_BYTES);
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return { error: `The link is damaged or too large (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (typeof json !== 'object' || json === null) return { error: 'The link holds no variant.' };
  const { v, game, file, text } = json as Record<string, unknown>;
  if (v !== 1) return { error: 'The link was made by a newer rulesmith.' };
  if (typeof game !== 'string' || !SAFE_GAME.test(game)) return { error: 'The link names no valid game.' };
  if (typeof file !== 'string' || !SAFE_FILE.test(file)) return { error: 'The link names no valid variant file.' };
  if (typeof text !== 'string') return { error: 'The link holds no variant text.' };
  return { game, file, text };
}

async function pipe(input: Uint8Array, transform: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> {
  const writer = transform.writable.getWriter();
  void writer.write(input as Uint8Array<ArrayBuffer>).then(() => writer.close()).catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = transform.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Add the variant a `#share=…` hash carries to the workspace: its path and game, or why not. */
export async function openShared(ws: Workspace, hash: string): Promise<{ path: string; game: string } | { error: string }> {
  const shared = await decodeShare(hash);
  if ('error' in shared) return shared;
  if (!ws.games().some((g) => g.id === shared.game)) return { error: `this editor has no game "${shared.game}".` };
  await ws.openGame(shared.game);
  return { path: ws.addVariant(shared.game, shared.file, shared.text), game: shared.game };
}
