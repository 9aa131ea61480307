/**
 * The odds worker (odds.worker.ts), started from this one place for everything that asks it (the
 * tables view's "Odds of", the diff view's kept questions), so the bundle holds one copy of it.
 */
export function startOddsWorker(): Worker {
  return new Worker(new URL('./odds.worker.ts', import.meta.url), { type: 'module', name: 'rulesmith-odds' });
}
