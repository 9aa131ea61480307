/// <reference lib="webworker" />
/**
 * The validator's worker: loads and checks rulesets off the main thread. One request at a time;
 * the diagnostics controller only sends the newest text once the previous answer is back.
 */
import type { ValidateRequest, ValidateResponse } from './protocol.ts';
import { validate } from './validate.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<ValidateRequest>) => {
  const response: ValidateResponse = validate(event.data);
  scope.postMessage(response);
});
