/**
 * The Monarch tokenizer of ruleset files: Monaco's YAML tokenizer, with the rules language inside
 * the values of script keys (`do: |` blocks and one-line `when: …` values). The rules-language
 * states and word lists come from grammar's `monarchLanguage` (the lexer's own tokens), copied
 * under an `rs_` prefix so they cannot collide with YAML's. Plain data: no Monaco import here.
 */
import type { MonarchLanguage } from '../../grammar/index.ts';

const PREFIX = 'rs_';
/** Monarch's own `@` words, never renamed. */
const RESERVED = new Set(['pop', 'push', 'popall', 'rematch', 'brackets', 'default', 'eos']);
/** Keys of a Monarch definition that are settings, not attributes rules refer to. */
const SETTINGS = new Set(['tokenizer', 'defaultToken', 'tokenPostfix', 'brackets', 'ignoreCase', 'unicode', 'includeLF', 'start']);

type Rule = unknown;
type Brackets = Array<{ open: string; close: string; token: string }>;

/** Keys whose values are free data (table rows, props): their keys are never scripts. */
export const DATA_KEYS: readonly string[] = ['rows', 'props'];

export function rulesmithYaml(yaml: MonarchLanguage, rules: MonarchLanguage, scriptKeys: readonly string[], scriptMaps: readonly string[] = []): MonarchLanguage {
  const attributes = Object.keys(rules).filter((k) => !SETTINGS.has(k));
  const rename = (name: string): string => (attributes.includes(name) || name in rules.tokenizer ? `${PREFIX}${name}` : name);
  const rewrite = (rule: Rule): Rule => rewriteRule(rule, rename);

  const out: MonarchLanguage = { ...yaml, tokenizer: nestableBlockScalars(yaml.tokenizer) };
  for (const name of attributes) out[`${PREFIX}${name}`] = rewriteValue(rules[name], rename);
  out['brackets'] = mergeBrackets(yaml['brackets'] as Brackets | undefined, rules['brackets'] as Brackets | undefined);
  for (const [state, list] of Object.entries(rules.tokenizer)) out.tokenizer[`${PREFIX}${state}`] = list.map(rewrite);

  const keyLine = (keys: readonly string[]) => `^([ \\t]*)((?:-[ \\t]+)?)(${keys.map(escapeRegex).join('|')})([ \\t]*)(:)`;
  const keyTokens = ['white', 'operators', 'type', 'white', 'operators'];
  out.tokenizer[`${PREFIX}yaml`] = yaml.tokenizer['root'] ?? [];
  out.tokenizer['root'] = [
    // A script key opening a literal block (`do: |`): the lines indented below it are a script.
    // (`next` sits on a group that is never empty: Monarch stops at the line end, skipping the rest.)
    [new RegExp(`${keyLine(scriptKeys)}([ \\t]*)(\\|[0-9+-]*)([ \\t]*(?:#.*)?)$`), [...keyTokens, 'white', { token: 'operators', next: `@${PREFIX}block.$1` }, 'comment']],
    // A script key with a plain value on the same line (`when: roll > 3`).
    [new RegExp(`${keyLine(scriptKeys)}([ \\t]+)(?=[^\\s|>"'#&*!\\[{])`), [...keyTokens, { token: 'white', next: `@${PREFIX}line` }]],
    // A free-data key (`rows:`): below it, keys are data, not script keys.
    [new RegExp(`${keyLine(DATA_KEYS)}(?=[ \\t]*(?:#.*)?$)`), [...keyTokens.slice(0, 4), { token: 'operators', next: `@${PREFIX}data.$1` }]],
    ...(scriptMaps.length ? [[new RegExp(`${keyLine(scriptMaps)}(?=[ \\t]*(?:#.*)?$)`), [...keyTokens.slice(0, 4), { token: 'operators', next: `@${PREFIX}map.$1` }]]] : []),
    { include: `@${PREFIX}yaml` },
  ];
  // A map whose values are scripts (an action's `params`): its own keys' inline values and blocks
  // are scripts, whatever the keys are called; a key opening a mapping (`{ options, prompt }`
  // written as a block) is read as any YAML below it.
  const anyKey = `^([ \\t]*)((?:-[ \\t]+)?)([A-Za-z_][\\w-]*)([ \\t]*)(:)`;
  out.tokenizer[`${PREFIX}map`] = [
    [/^(?!$S2[ \t])(?=[ \t]*\S)/, { token: '', next: '@pop' }],
    [new RegExp(`${anyKey}([ \\t]*)(\\|[0-9+-]*)([ \\t]*(?:#.*)?)$`), [...keyTokens, 'white', { token: 'operators', next: `@${PREFIX}block.$1` }, 'comment']],
    [new RegExp(`${anyKey}([ \\t]+)(?=[^\\s|>"'#&*!\\[{])`), [...keyTokens, { token: 'white', next: `@${PREFIX}line` }]],
    [new RegExp(`${anyKey}(?=[ \\t]*(?:#.*)?$)`), [...keyTokens.slice(0, 4), { token: 'operators', next: `@${PREFIX}nested.$1` }]],
    { include: `@${PREFIX}yaml` },
  ];
  // Blocks end at the first non-blank line indented no deeper than their key ($S2).
  const dedent = [/^(?!$S2[ \t])(?=[ \t]*\S)/, { token: '', next: '@pop' }];
  out.tokenizer[`${PREFIX}block`] = [dedent, { include: `@${PREFIX}root` }];
  out.tokenizer[`${PREFIX}data`] = [dedent, { include: `@${PREFIX}yaml` }];
  out.tokenizer[`${PREFIX}nested`] = [dedent, { include: '@root' }];
  // One-line scripts end with their line; ` #` starts a YAML comment.
  out.tokenizer[`${PREFIX}line`] = [[/^/, { token: '', next: '@pop' }], [/[ \t]+#.*$/, 'comment'], { include: `@${PREFIX}root` }];
  // Strings and interpolations never span lines in the rules language: leave them at a line start.
  for (const state of Object.keys(rules.tokenizer)) {
    if (state !== 'root') out.tokenizer[`${PREFIX}${state}`]!.unshift([/^/, { token: '', next: '@pop' }]);
  }
  return out;
}

/**
 * Monaco's YAML tokenizer leaves a block scalar with `@popall`, which would also leave our script
 * and data states. Make it return to where the block started instead: the first line switches to
 * the continuation state (rather than pushing it) and the continuation pops once.
 */
function nestableBlockScalars(tokenizer: MonarchLanguage['tokenizer']): MonarchLanguage['tokenizer'] {
  const out: MonarchLanguage['tokenizer'] = {};
  for (const [state, rules] of Object.entries(tokenizer)) {
    out[state] = rules.map((rule) => JSON.parse(JSON.stringify(rule, regexToJson), regexFromJson) as Rule);
  }
  for (const rule of out['multiString'] ?? []) {
    const action = Array.isArray(rule) ? rule : undefined;
    if (action && typeof action[2] === 'string' && action[2].startsWith('@multiStringContinued')) {
      action[1] = { token: action[1], switchTo: action[2] };
      action.length = 2;
    }
  }
  const replacePopAll = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(replacePopAll);
    if (typeof v === 'object' && v !== null && !(v instanceof RegExp)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'next' && x === '@popall' ? '@pop' : replacePopAll(x)]));
    }
    return v;
  };
  if (out['multiStringContinued']) out['multiStringContinued'] = out['multiStringContinued'].map(replacePopAll);
  return out;
}

const regexToJson = (_key: string, value: unknown) => (value instanceof RegExp ? { $regex: value.source, $flags: value.flags } : value);
const regexFromJson = (_key: string, value: unknown) => {
  const r = value as { $regex?: string; $flags?: string } | null;
  return r && typeof r === 'object' && typeof r.$regex === 'string' ? new RegExp(r.$regex, r.$flags) : value;
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rewriteRule(rule: Rule, rename: (name: string) => string): Rule {
  if (Array.isArray(rule)) return rule.map((part, i) => (i === 0 ? rewriteRegex(part, rename) : rewriteAction(part, rename)));
  if (typeof rule === 'object' && rule !== null) {
    const r = rule as Record<string, unknown>;
    if (typeof r['include'] === 'string') return { include: `@${rename(r['include'].replace(/^@/, ''))}` };
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'regex' ? rewriteRegex(v, rename) : rewriteAction(v, rename)]));
  }
  return rule;
}

/** Suffix of rules-language token names, so a theme can tell `keyword.rs` from YAML's `keyword`. */
const TOKEN_SUFFIX = '.rs';
const tokenName = (token: string) => (token === '' || token.startsWith('@') ? token : `${token}${TOKEN_SUFFIX}`);

function rewriteAction(action: unknown, rename: (name: string) => string): unknown {
  if (typeof action === 'string') return action.startsWith('@') ? `@${renameRef(action.slice(1), rename)}` : tokenName(action);
  if (Array.isArray(action)) return action.map((a) => rewriteAction(a, rename));
  if (typeof action !== 'object' || action === null) return action;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(action as Record<string, unknown>)) {
    if (key === 'cases') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([guard, a]) => [rewriteRefs(guard, rename), rewriteAction(a, rename)]));
    } else if ((key === 'next' || key === 'switchTo') && typeof value === 'string') {
      out[key] = value.startsWith('@') ? `@${renameRef(value.slice(1), rename)}` : value;
    } else if (key === 'token' && typeof value === 'string') {
      out[key] = tokenName(value);
    } else out[key] = value;
  }
  return out;
}

/** `string` → `rs_string`, keeping Monarch's own words and `.arg` suffixes. */
function renameRef(ref: string, rename: (name: string) => string): string {
  const [head = '', ...rest] = ref.split('.');
  return RESERVED.has(head) ? ref : [rename(head), ...rest].join('.');
}

function rewriteRefs(text: string, rename: (name: string) => string): string {
  return text.replace(/@(\w+)/g, (match, name: string) => (RESERVED.has(name) ? match : `@${rename(name)}`));
}

function rewriteRegex(regex: unknown, rename: (name: string) => string): unknown {
  if (regex instanceof RegExp) return new RegExp(rewriteRefs(regex.source, rename), regex.flags);
  return typeof regex === 'string' ? rewriteRefs(regex, rename) : regex;
}

function rewriteValue(value: unknown, rename: (name: string) => string): unknown {
  return value instanceof RegExp ? rewriteRegex(value, rename) : value;
}

function mergeBrackets(yaml: Brackets = [], rules: Brackets = []): Brackets {
  const out = [...yaml];
  for (const b of rules) if (!out.some((o) => o.open === b.open)) out.push(b);
  return out;
}
