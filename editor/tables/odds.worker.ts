/// <reference lib="webworker" />
/**
 * The odds worker of the tables view: compiles the ruleset as edited (kept while its files are
 * unchanged) and works out "Odds of" an expression over it (lookup-odds.ts). One request at a
 * time; the view's watchdog ends a worker that stays silent.
 */
import { ProgramCache } from '../play/compile.ts';
import { lookupOdds } from './lookup-odds.ts';
import type { OddsRequest, OddsResponse } from './odds-protocol.ts';
import { announceStarted } from '../workers/worker-health.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const programs = new ProgramCache();

scope.addEventListener('message', (event: MessageEvent<OddsRequest>) => {
  const { seq, files, entry, text, baseEntry } = event.data;
  const compiled = programs.compile(files, entry);
  const response: OddsResponse = compiled.ok
    ? { seq, answer: lookupOdds(compiled.program, text) }
    : { seq, answer: { ok: false, expression: text, message: `The rules have ${compiled.errors} error${compiled.errors === 1 ? '' : 's'} (see Problems): ${compiled.message}` } };
  // A variant's answer comes with its base's, worked out the same way, so the view can say what the variant changed.
  const base = compiled.ok && baseEntry && baseEntry !== entry ? programs.compile(files, baseEntry) : undefined;
  if (base?.ok) response.base = lookupOdds(base.program, text);
  scope.postMessage(response);
});

announceStarted(scope);
