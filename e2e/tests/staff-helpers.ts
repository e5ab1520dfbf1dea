import { expect, type Page } from '@playwright/test';

/** Signs in through the form with any account (helpers.signIn covers the demo accounts). */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Logs out through the profile menu, as a user would. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Calls the API with the token the signed-in page holds (setting up data the test is not about). */
export async function apiAs(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: object) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: token ?? '' },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

export async function roleIdOf(page: Page, name: string): Promise<number> {
  const options = (await apiAs(page, 'GET', '/admin/staff/role-options')) as { id: number; name: string }[];
  const role = options.find((o) => o.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

/** A unique suffix: the e2e database lives for one run, tests must not collide within it. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
