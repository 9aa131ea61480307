import { main } from '../../interpreter/cli/main.ts';

/** Run the CLI in-process and capture what it prints. */
export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => { out += t; }, err: (t) => { err += t; }, color: false });
  return { code, out, err };
}
