/**
 * Node's parseArgs, with its errors said for a designer: `--agnets` is "unknown option '--agnets'
 * (did you mean --agents?)" instead of advice about positionals starting with '-'.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../../grammar/index.ts';

export function parseCli<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    throw new Error(argsMessage(e as Error & { code?: string }, Object.keys(config.options ?? {})));
  }
}

function argsMessage(e: Error & { code?: string }, known: string[]): string {
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const written = /'(-[^']*)'/.exec(e.message)?.[1];
    if (written !== undefined) {
      const name = written.replace(/^-+/, '').replace(/=.*$/, '');
      const close = didYouMean(name, known);
      return `unknown option '${written}'${close === undefined ? '' : ` (did you mean --${close}?)`}`;
    }
  }
  return e.message;
}
