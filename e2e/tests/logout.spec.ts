import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { sidebar } from './sidebar-reader';

const SPEC_KEYS = ['token', 'userRole', 'roleName', 'email', 'data'];

test('logout in one tab signs out every tab, each calling GET /api/logout itself', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'hod');
  const second = await context.newPage();
  await second.goto('/dashboard/users');
  await expect(sidebar(second)).toBeVisible();
  const token = await first.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  const isLogout = (url: string) => new URL(url).pathname === '/api/logout';
  const calls = [first, second].map((tab) => tab.waitForRequest((r) => isLogout(r.url())));
  await first.getByRole('button', { name: 'Profile menu' }).click();
  await first.getByRole('menuitem', { name: 'Logout' }).click();

  for (const call of await Promise.all(calls)) {
    expect(call.method()).toBe('GET');
    expect(new URL(call.url()).origin).toBe(new URL(first.url()).origin);
    expect(await call.headerValue('authorization')).toBe(token);
  }
  for (const tab of [first, second]) {
    await expect(tab).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(tab.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const stored = await tab.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SPEC_KEYS);
    expect(stored).toEqual([null, null, null, null, null]);
  }

  const me = await first.request.get('/api/admin/me', { headers: { Authorization: token ?? '' } });
  expect(me.status()).toBe(401);
});
