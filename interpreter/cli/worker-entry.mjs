// Worker threads do not inherit the main thread's TypeScript loader; register it here, then run
// the worker module named by the parent.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.module);
