import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * Screenshots for the docs, taken by hand (CI runs only ../tests):
 *   npm run build && cd e2e && E2E_PORT=3202 npx playwright test -c screenshots
 * Starts the first app of the browser tests (a fresh demo database) and nothing else.
 */
const [app] = [base.webServer ?? []].flat();
export default defineConfig({
  ...base,
  testDir: '.',
  projects: [{ name: 'screenshots' }],
  webServer: app && { ...app, cwd: '../..' },
});
