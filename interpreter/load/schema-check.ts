/**
 * Structural check of ruleset data against grammar/ruleset.schema.json, with every ajv error
 * turned into a diagnostic at the key or value that caused it, in designers' words.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { didYouMean, ID_PATTERN } from '../../grammar/index.ts';
import type { Diagnostic } from '../diagnostics.ts';
import { diagnostic, type Problem } from './codes.ts';
import { diagnosticAt, type Anchor } from './locate.ts';
import type { DataPath, SourceFile } from './model.ts';
import { exactOrigin, nearestOrigin, type Located } from './origin-tree.ts';
import { FILE_START } from './positions.ts';
import { isCollection } from './collections.ts';
// Compiled ahead of time (bin/generate-schema-validator.ts): compiling the schema at run time
// would need `new Function`, which the editor's Content-Security-Policy forbids.
import { validate } from './schema-validator.generated.js';
import { listWords, subject, suggestId, typeWords, valueWords, where, yamlBooleanHint, yamlOneOneBoolean } from './schema-words.ts';

/** Where diagnostics go when a value has no origin (never expected; keeps reporting total). */
interface SchemaContext {
  root: Located;
  files: ReadonlyMap<string, SourceFile>;
  fallbackFile: string;
}

/** More than this many schema problems in one check are summed up in one diagnostic. */
export const MAX_SCHEMA_DIAGNOSTICS = 100;

/**
 * Validate `root.value`; one diagnostic per distinct problem. `partial`: the data is one file of a
 * ruleset that others complete (a fragment, a variant), so missing required keys are not reported.
 */
export function checkSchema(root: Located, files: ReadonlyMap<string, SourceFile>, fallbackFile: string, partial = false): Diagnostic[] {
  if (validate(root.value)) return [];
  const ctx: SchemaContext = { root, files, fallbackFile };
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  const errors = validate.errors ?? [];
  for (const [index, error] of errors.entries()) {
    if (out.length >= MAX_SCHEMA_DIAGNOSTICS) {
      out.push(tooMany(fallbackFile, errors.length - index));
      break;
    }
    if (partial && error.keyword === 'required') continue;
    const d = toDiagnostic(error, ctx);
    if (!d) continue;
    const key = `${d.code}\u0000${d.file}\u0000${JSON.stringify(d.range)}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

function tooMany(file: string, more: number): Diagnostic {
  return diagnostic(file, FILE_START, {
    code: 'too-many-problems',
    severity: 'warning',
    message: `Only the first ${MAX_SCHEMA_DIAGNOSTICS} structure problems are shown; about ${more} more were found.`,
    hint: 'Fix these first; the rest often share the same cause.',
  });
}

function toDiagnostic(error: ErrorObject, ctx: SchemaContext): Diagnostic | undefined {
  const path = dataPath(error.instancePath, ctx.root.value);
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      // A table's `results:` outdented to the level of the tables: its codes are "unknown keys" of
      // an entry named `results` (a CI walk); the hint says where it belongs.
      const d = unknownKey(ctx, path, String(params.additionalProperty ?? params.unevaluatedProperty), schema);
      const outdented = outdentedField(ctx, path, schema);
      return d && outdented ? { ...d, hint: outdented.inside } : d;
    }
    case 'propertyNames':
      return badKeyName(ctx, path, String(params.propertyName), schema);
    case 'type': {
      const problem: Problem = { code: 'schema-type', message: `${subject(path)} should be ${typeWords(params.type)}, not ${valueWords(error.data)}.`, ...describe(schema) };
      const meant = [params.type].flat().includes('boolean') ? yamlOneOneBoolean(error.data) : undefined;
      if (meant !== undefined) Object.assign(problem, { hint: yamlBooleanHint(String(error.data), meant), fix: String(meant) });
      const outdented = outdentedField(ctx, path, schema);
      if (outdented) Object.assign(problem, { message: outdented.message, hint: outdented.hint });
      return at(ctx, path, 'value', problem);
    }
    case 'required': {
      const d = missing(ctx, path, String(params.missingProperty), schema);
      const outdented = outdentedField(ctx, path, schema);
      return d && outdented ? { ...d, message: outdented.message, hint: outdented.hint } : d;
    }
    case 'enum':
    case 'const':
      return notAllowed(ctx, path, error);
    case 'pattern':
      if (error.schemaPath.includes('/propertyNames/')) return undefined;
      if (params.pattern === ID_PATTERN) return invalidIdValue(ctx, path, error.data);
      return at(ctx, path, 'value', { code: 'schema-invalid', message: `${subject(path)} does not have the expected form (${String(params.pattern)}).`, ...describe(schema) });
    case 'anyOf':
    case 'oneOf':
      // A summary of the branch errors, which are reported themselves.
      return undefined;
    default:
      if (error.schemaPath.includes('/propertyNames/')) return undefined;
      return at(ctx, path, 'value', { code: 'schema-invalid', message: `${subject(path)} ${otherMessage(error)}.`, ...describe(schema) });
  }
}

function unknownKey(ctx: SchemaContext, parent: DataPath, key: string, schema: Record<string, unknown>): Diagnostic {
  const allowed = Object.keys((schema.properties ?? {}) as object);
  const suggestion = didYouMean(key, allowed);
  const problem: Problem = {
    code: 'unknown-key',
    message: `Unknown key \`${key}\` ${where(parent)}.`,
    hint: suggestion ? `Did you mean \`${suggestion}\`?` : `Keys allowed here: ${listWords(allowed)}.`,
  };
  if (suggestion) problem.fix = suggestion;
  return at(ctx, [...parent, key], 'key', problem);
}

function badKeyName(ctx: SchemaContext, parent: DataPath, key: string, schema: Record<string, unknown>): Diagnostic {
  const names = (schema.propertyNames ?? {}) as Record<string, unknown>;
  if (names.pattern !== ID_PATTERN) {
    return at(ctx, [...parent, key], 'key', { code: 'schema-invalid', message: `\`${key}\` cannot be used as a key ${where(parent)}.`, hint: 'Keys here must not be empty.' });
  }
  const fix = suggestId(key);
  return at(ctx, [...parent, key], 'key', {
    code: 'invalid-id',
    message: `\`${key}\` is not a valid id ${where(parent)}.`,
    hint: `Ids are snake_case: a lower-case letter, then lower-case letters, digits or \`_\` (e.g. \`${fix}\`).`,
    fix,
  });
}

function invalidIdValue(ctx: SchemaContext, path: DataPath, value: unknown): Diagnostic {
  const fix = suggestId(String(value));
  return at(ctx, path, 'value', {
    code: 'invalid-id',
    message: `${subject(path)}: "${String(value)}" is not a valid id.`,
    hint: `Ids are snake_case: a lower-case letter, then lower-case letters, digits or \`_\` (e.g. \`${fix}\`).`,
    fix,
  });
}

function missing(ctx: SchemaContext, path: DataPath, key: string, schema: Record<string, unknown>): Diagnostic {
  const property = ((schema.properties ?? {}) as Record<string, Record<string, unknown>>)[key];
  const about = typeof property?.description === 'string' ? ` (${property.description})` : '';
  const owner = path.length === 0 ? 'This file' : subject(path);
  // `do:` written at the level of the procedures' names, under this one: it is this one's.
  const below = path.length > 0 && isCollection(path.slice(0, -1)) && siblings(ctx, path).includes(key);
  const hint = below ? `The \`${key}:\` below is at the level of the entries of \`${path.slice(0, -1).join('.')}\`, so it is read as an entry of its own: indent it under \`${String(path.at(-1))}:\`.` : `Add \`${key}:\`${about}.`;
  return at(ctx, path, 'head', { code: 'schema-required', message: `${owner} is missing \`${key}\`.`, hint });
}

/** The keys beside `path`'s last one, in its parent (the entries of a collection). */
function siblings(ctx: SchemaContext, path: DataPath): string[] {
  let node: unknown = ctx.root.value;
  for (const step of path.slice(0, -1)) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined;
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? Object.keys(node) : [];
}

/**
 * An entry of a collection named like a field of its entries (`procedures.do`, text where a
 * procedure's mapping goes): most often that field, outdented from the entry above it.
 */
function outdentedField(ctx: SchemaContext, path: DataPath, schema: Record<string, unknown>): Pick<Problem, 'message' | 'hint'> & { inside: string } | undefined {
  const key = path.at(-1);
  if (typeof key !== 'string' || path.length < 2 || !isCollection(path.slice(0, -1)) || !Object.keys((schema.properties ?? {}) as object).includes(key)) return undefined;
  const keys = siblings(ctx, path);
  const above = keys[keys.indexOf(key) - 1];
  const collection = path.slice(0, -1).join('.');
  const under = above === undefined ? 'the entry it belongs to' : `\`${above}:\``;
  return {
    message: `\`${key}:\` is at the level of the entries of \`${collection}\`, so it is read as an entry named \`${key}\`, not as the \`${key}\` of ${above === undefined ? 'the entry above' : `\`${above}\``}.`,
    hint: `Indent it under ${under}, as far as that entry's other keys.`,
    // For what lies inside it (its keys read as unknown keys of the entry).
    inside: `This is inside \`${key}:\`, which is at the level of the entries of \`${collection}\`: indent \`${key}:\` and its lines under ${under}.`,
  };
}

function notAllowed(ctx: SchemaContext, path: DataPath, error: ErrorObject): Diagnostic {
  const params = error.params as Record<string, unknown>;
  const allowed = error.keyword === 'const' ? [params.allowedValue] : ((params.allowedValues ?? []) as unknown[]);
  const suggestion = typeof error.data === 'string' ? didYouMean(error.data, allowed.map(String)) : undefined;
  const problem: Problem = {
    code: 'schema-enum',
    message: `${subject(path)} must be ${allowed.length === 1 ? '' : 'one of '}${listWords(allowed, 20)}, not ${valueWords(error.data)}.`,
    hint: suggestion ? `Did you mean \`${suggestion}\`?` : describeText(error.parentSchema) ?? `Use ${allowed.length === 1 ? '' : 'one of '}${listWords(allowed, 20)}.`,
  };
  if (suggestion) problem.fix = suggestion;
  return at(ctx, path, 'value', problem);
}

function otherMessage(error: ErrorObject): string {
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'minItems':
      return `needs at least ${limit} item${limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `takes at most ${limit} item${limit === 1 ? '' : 's'}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minLength':
      return 'must not be empty';
    case 'false schema':
      return 'is not allowed here';
    default:
      return error.message ?? 'is not valid here';
  }
}

function describe(schema: unknown): { hint?: string } {
  const text = describeText(schema);
  return text ? { hint: text } : {};
}

function describeText(schema: unknown): string | undefined {
  const description = (schema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
}

function at(ctx: SchemaContext, path: DataPath, anchor: Anchor, problem: Problem): Diagnostic {
  const origin = exactOrigin(ctx.root.at, path) ?? nearestOrigin(ctx.root.at, path);
  return diagnosticAt(ctx.files, origin, ctx.fallbackFile, anchor, problem);
}

/** `/tables/crt/rows/6` to `['tables', 'crt', 'rows', '6']`, list indices as numbers. */
function dataPath(pointer: string, root: unknown): DataPath {
  if (pointer === '') return [];
  const path: Array<string | number> = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      path.push(Number(key));
      node = node[Number(key)];
    } else {
      path.push(key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}
