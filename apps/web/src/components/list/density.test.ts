import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDensity, writeDensity } from './density';

const saved = { localStorage: globalThis.localStorage, window: globalThis.window };

beforeEach(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    },
    window: new EventTarget(),
  });
});
afterEach(() => Object.assign(globalThis, saved));

describe('list density', () => {
  it('is comfortable until chosen, then kept for that user and not for another', () => {
    localStorage.setItem('email', 'cs@demo.local');
    expect(readDensity()).toBe('comfortable');
    let told = 0;
    window.addEventListener('app:list-density', () => told++);
    writeDensity('compact');
    expect(readDensity()).toBe('compact');
    expect(told).toBe(1);
    localStorage.setItem('email', 'finance@demo.local');
    expect(readDensity()).toBe('comfortable');
    localStorage.setItem('email', 'cs@demo.local');
    expect(readDensity()).toBe('compact');
  });
});
