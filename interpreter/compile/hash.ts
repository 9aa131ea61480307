/**
 * A stable 64-bit FNV-1a hash (as 16 hex digits) of JSON data with sorted keys. Not for security:
 * it lets a replay say which rules it was played with, identically in Node and the browser.
 */
export function hashData(data: unknown): string {
  return fnv1a64(stableStringify(data));
}

export function stableStringify(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

function fnv1a64(text: string): string {
  // Two 32-bit halves of the 64-bit state, multiplied by the FNV prime 0x100000001b3.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo ^= text.charCodeAt(i);
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) >>> 0;
    lo = loMul >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}
