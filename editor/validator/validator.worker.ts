/// <reference lib="webworker" />
/**
 * The validator's worker: loads and checks rulesets off the main thread. One request at a time;
 * the diagnostics controller only sends the newest text once the previous answer is back. A
 * cell edit from the tables view is answered in turn with the file text to write.
 */
import type { CellEditRequest, ValidateRequest, ValidateResponse } from './protocol.ts';
import { editCell, validate } from './validate.ts';
import { announceStarted } from '../workers/worker-health.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<ValidateRequest | CellEditRequest>) => {
  const request = event.data;
  if ('kind' in request) {
    scope.postMessage(editCell(request));
    return;
  }
  const response: ValidateResponse = validate(request, (partial) => scope.postMessage(partial));
  scope.postMessage(response);
});

announceStarted(scope);
