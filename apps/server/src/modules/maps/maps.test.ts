import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';

describe('map configuration (MAP_TILE_URL)', () => {
  it('takes an http(s) template with {z}, {x} and {y}, and refuses anything else', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'http://tiles.lan:8080/osm/{z}/{x}/{y}.png' }).mapTiles).toEqual({
      url: 'http://tiles.lan:8080/osm/{z}/{x}/{y}.png',
      origin: 'http://tiles.lan:8080',
      attribution: '',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.lan/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.lan/{z}/{x}.png' })).toThrow(/MAP_TILE_URL/);
  });

  describe('with tiles', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: { MAP_TILE_URL: 'http://tiles.lan:8080/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OSM' },
      });
    });
    afterAll(() => t.close());

    it('tells any signed-in staff the tiles, and lets pages load images from their origin', async () => {
      const res = await t.as('cs', { method: 'GET', url: '/api/admin/map-config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tiles: { url: 'http://tiles.lan:8080/{z}/{x}/{y}.png', attribution: '© OSM' },
      });
      expect((await t.app.inject({ url: '/api/admin/map-config' })).statusCode).toBe(401);
      const page = await t.app.inject({ url: '/dashboard/locator' });
      expect(String(page.headers['content-security-policy'])).toMatch(
        /img-src [^;]*http:\/\/tiles\.lan:8080/,
      );
    });
  });

  it('answers no tiles without MAP_TILE_URL', async () => {
    const t = await createTestApp();
    try {
      const res = await t.as('admin', { method: 'GET', url: '/api/admin/map-config' });
      expect(res.json()).toEqual({ tiles: null });
      const page = await t.app.inject({ url: '/dashboard/locator' });
      expect(String(page.headers['content-security-policy'])).not.toMatch(/tiles\.lan/);
    } finally {
      await t.close();
    }
  });
});
