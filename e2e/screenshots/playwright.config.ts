import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Screenshots for the docs, taken by hand (CI runs only ../tests):
 *   npm run build && cd e2e && E2E_PORT=3202 npx playwright test -c screenshots
 * Starts the product on a fresh demo database as the browser tests do.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  projects: [{ name: 'screenshots' }],
  webServer: base.webServer && { ...base.webServer, cwd: '../..' },
});
