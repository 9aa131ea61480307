import { rmSync } from 'node:fs';
import { ARTIFACTS } from './harness.ts';

/** Screenshots of this run only. */
export default function setup(): void {
  rmSync(ARTIFACTS, { recursive: true, force: true });
}
