/**
 * Lets the event loop answer others (HTTP requests, timers, other queries) before long work goes
 * on: `setImmediate` runs after the I/O poll, so every waiting socket is served first.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
