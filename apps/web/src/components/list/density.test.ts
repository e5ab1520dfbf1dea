import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent: unknown[] = [];
let saved: Record<string, unknown> = {};
vi.mock('../../app/api', () => ({
  call: vi.fn(async (declaration: { method: string }, options?: { body?: unknown }) => {
    if (declaration.method === 'PUT') {
      sent.push(options?.body);
      saved = { ...saved, ...(options?.body as object) };
    }
    return saved;
  }),
}));
const { applyDensity, loadDensity, readDensity, writeDensity } = await import('./density');

const real = { localStorage: globalThis.localStorage, window: globalThis.window };
beforeEach(() => {
  const items = new Map<string, string>([['listDensity:cs@demo.local', 'compact']]);
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  // Object.keys(localStorage) lists the stored keys, as in a browser.
  Object.assign(globalThis, {
    localStorage: new Proxy(storage, {
      ownKeys: () => [...items.keys()],
      getOwnPropertyDescriptor: (_, k) =>
        items.has(String(k))
          ? { enumerable: true, configurable: true, value: items.get(String(k)) }
          : undefined,
    }),
    window: new EventTarget(),
  });
  sent.length = 0;
  saved = {};
  applyDensity(undefined);
});
afterEach(() => Object.assign(globalThis, real));

describe('list density', () => {
  it('is comfortable until chosen; the toggle tells every list and saves it on the server', async () => {
    expect(readDensity()).toBe('comfortable');
    let told = 0;
    window.addEventListener('app:list-density', () => told++);
    await writeDensity('compact');
    expect(readDensity()).toBe('compact');
    expect(told).toBe(1);
    expect(sent).toEqual([{ density: 'compact' }]);
  });

  it("takes the person's saved choice when the console starts, and keeps nothing in the browser", async () => {
    saved = { density: 'compact' };
    await loadDensity();
    expect(readDensity()).toBe('compact');
    expect(localStorage.getItem('listDensity:cs@demo.local')).toBeNull();
    saved = {};
    await loadDensity();
    expect(readDensity()).toBe('comfortable');
  });
});
