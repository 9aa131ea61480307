/**
 * Bytes to text, with the checks that must come before any parsing: size, encoding, emptiness.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic } from './codes.ts';
import { FILE_START } from './positions.ts';

/** Bounds that keep hostile files cheap to reject. */
export interface LoadLimits {
  /** Largest file accepted, in bytes (in UTF-16 units for text handed over as a string). */
  maxFileBytes: number;
  /** Deepest nesting of mappings and lists, counting the file's top-level mapping as 1. */
  maxDepth: number;
  /** Most values that aliases (`*name`) may copy in one file, in total. */
  maxAliasNodes: number;
  /** Most files one load may read (includes and `extends` together). */
  maxFiles: number;
}

export const DEFAULT_LIMITS: Readonly<LoadLimits> = {
  maxFileBytes: 1024 * 1024,
  maxDepth: 64,
  maxAliasNodes: 10_000,
  maxFiles: 500,
};

/** Decoded text, or the reasons there is none. */
export interface DecodedSource {
  text?: string;
  diagnostics: Diagnostic[];
}

const MEBIBYTE = 1024 * 1024;
/** One decoder for every file: a call without `stream` starts afresh (BOM and state). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Check and decode one file's content. Never throws. */
export function decodeSource(path: string, content: Uint8Array | string, limits: LoadLimits): DecodedSource {
  const size = content.length;
  if (size > limits.maxFileBytes) {
    return fail(path, 'file-too-large', `The file is too large (${megabytes(size)}; the limit is ${megabytes(limits.maxFileBytes)}).`,
      'Split it into smaller files and list them under `include:`.');
  }
  let text: string;
  if (typeof content === 'string') {
    text = content;
  } else {
    try {
      text = UTF8.decode(content);
    } catch {
      return fail(path, 'not-utf8', 'The file is not UTF-8 text.', 'Save the file as UTF-8 (most editors offer it under "Save with encoding").');
    }
  }
  // What `text.trim() === ''` asks, without copying the file.
  if (!/\S/.test(text)) {
    return fail(path, 'empty-file', 'The file is empty.', 'Write the ruleset in it, starting with `rulesmith: 1`, or remove the file.');
  }
  return { text, diagnostics: [] };
}

function fail(path: string, code: 'file-too-large' | 'not-utf8' | 'empty-file', message: string, hint: string): DecodedSource {
  return { diagnostics: [diagnostic(path, FILE_START, { code, message, hint })] };
}

function megabytes(bytes: number): string {
  return `${(bytes / MEBIBYTE).toFixed(1)} MB`;
}
