/**
 * Build-time stand-in for `zod` in the member bundle (vite.config.ts). The app imports the contract's
 * endpoint declarations for their method and path only; the server validates every request, so the
 * schemas are never run here. Building each schema with the real library would add ~45 KB compressed
 * to the first load of a phone on a slow network. Every schema becomes this inert chainable value.
 */
type Inert = ((...args: unknown[]) => Inert) & { [key: string | symbol]: Inert };

const inert: Inert = new Proxy((() => inert) as unknown as Inert, {
  get: (_target, key) => {
    if (key === 'then') return undefined; // never a promise
    if (key === Symbol.toPrimitive) return () => '';
    return inert;
  },
  apply: () => inert,
});

export const z = inert;
export default inert;
