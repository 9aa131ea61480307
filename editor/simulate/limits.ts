/** How long a simulation runs before leaving the page asks first (a short run is quicker to run again). */
export const LONG_RUN_MS = 3_000;
