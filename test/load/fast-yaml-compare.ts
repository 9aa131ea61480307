/**
 * The fast YAML reader (interpreter/load/fast-yaml.ts) against the path it shortcuts: yaml's
 * parser and Document, to-data.ts and the swallowed-key walk. `compareReaders` says 'fast' when
 * the fast reader took the text and every value, origin, script offset and swallowed-key finding
 * is the same; 'yaml' when it left the text to yaml; else what differs.
 */
import type { Diagnostic } from '../../interpreter/diagnostics.ts';
import { readFastYaml } from '../../interpreter/load/fast-yaml.ts';
import type { OriginNode } from '../../interpreter/load/origin-tree.ts';
import { parseYaml } from '../../interpreter/load/parse-yaml.ts';
import { sourceFile } from '../../interpreter/load/positions.ts';
import { DEFAULT_LIMITS } from '../../interpreter/load/read-source.ts';
import { checkSwallowedKeys, checkSwallowedKeysIn } from '../../interpreter/load/swallowed-keys.ts';
import { toData } from '../../interpreter/load/to-data.ts';

export type Verdict = 'fast' | 'yaml' | { mismatch: string };

export function compareReaders(text: string, path = 'r.yaml'): Verdict {
  const file = sourceFile(path, text);
  const fast = readFastYaml(file, DEFAULT_LIMITS);
  if (!fast) return 'yaml';
  const fastFindings: Diagnostic[] = [];
  if (fast.keyLineBlocks.size > 0) checkSwallowedKeysIn(fast.located, fast.keyLineBlocks, file, fastFindings);

  const parsed = parseYaml(file, DEFAULT_LIMITS);
  const findings = [...parsed.diagnostics];
  if (!parsed.doc || parsed.doc.contents === null) return { mismatch: `yaml read no document: ${codes(findings)}` };
  const slow = toData(parsed.doc, file, DEFAULT_LIMITS, findings);
  if (!parsed.broken && slow.mayHideKeys) checkSwallowedKeys(parsed.doc, file, findings);
  const reported = findings.filter((d) => d.code !== 'swallowed-key');
  if (reported.length > 0) return { mismatch: `taken, but yaml reports ${codes(reported)}` };
  if (JSON.stringify(fastFindings) !== JSON.stringify(findings)) return { mismatch: `swallowed keys: ${JSON.stringify(fastFindings)} against ${JSON.stringify(findings)}` };
  const differs = sameValue(fast.located.value, slow.located.value, '$') ?? sameOrigins(fast.located.at, slow.located.at, fast.located.value, '$');
  return differs ? { mismatch: differs } : 'fast';
}

function codes(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `${d.code} (${d.message})`).join('; ');
}

function sameValue(a: unknown, b: unknown, path: string): string | undefined {
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b) ? undefined : `${path}: ${a} against ${b}`;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b ? undefined : `${path}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: a list against a mapping`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: prototypes differ`;
  if (Object.isFrozen(a) !== Object.isFrozen(b)) return `${path}: frozen differs`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\0') !== kb.join('\0')) return `${path}: keys ${ka.join(',')} against ${kb.join(',')}`;
  for (const k of ka) {
    const d = sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

function sameOrigins(a: OriginNode, b: OriginNode, value: unknown, path: string): string | undefined {
  const oa = a.origin;
  const ob = b.origin;
  if (!oa !== !ob) return `${path}: an origin on one side only`;
  if (oa && ob) {
    if (Object.keys(oa).join() !== Object.keys(ob).join()) return `${path}: origin fields ${Object.keys(oa).join()} against ${Object.keys(ob).join()}`;
    for (const k of ['file', 'start', 'end', 'keyStart', 'keyEnd'] as const) if (oa[k] !== ob[k]) return `${path}: origin ${k} ${oa[k]} against ${ob[k]}`;
    if (oa.valueOffset && ob.valueOffset && typeof value === 'string') {
      for (let i = 0; i <= value.length; i++) if (oa.valueOffset(i) !== ob.valueOffset(i)) return `${path}: valueOffset(${i}) ${oa.valueOffset(i)} against ${ob.valueOffset(i)}`;
    }
  }
  const ca = [...(a.children ?? [])];
  const cb = [...(b.children ?? [])];
  if (ca.map(([k]) => k).join('\0') !== cb.map(([k]) => k).join('\0') || !a.children !== !b.children) return `${path}: children differ`;
  for (const [k, child] of ca) {
    const d = sameOrigins(child, b.children!.get(k)!, (value as Record<string, unknown> | null)?.[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}
