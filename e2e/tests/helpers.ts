import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoEmail } from '@app/contract/permissions';
import { type Page, test } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Where a role landed after signing in: roles without the Dashboard item move on to their first page. */
const SIGNED_IN = /\/dashboard(\/[^?]*)?$/;

/** Signs in through the sign-in form at `/` as the demo account of a role (for the specs about signing in). */
export async function signInThroughForm(page: Page, role: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(demoEmail(role));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(SIGNED_IN);
}

/**
 * The browser storage a sign-in left (token, userRole, roleName, email, data), kept per server and role
 * for the whole run: each role signs in through the form once (an argon2id hash and four page steps),
 * and every later test starts from that state. Workers share it through files in the run's folder.
 */
const sessionFile = (role: string) => {
  const server = new URL(test.info().project.use.baseURL ?? 'http://localhost').port;
  const folder = path.join(os.tmpdir(), `at-e2e-sessions-${process.env.E2E_RUN ?? 'local'}`);
  fs.mkdirSync(folder, { recursive: true });
  return path.join(folder, `${server}-${role.replaceAll(/\W/g, '_')}.json`);
};

type Storage = Record<string, string>;

function savedStorage(file: string): Storage | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Storage;
  } catch {
    return null;
  }
}

function saveStorage(file: string, storage: Storage) {
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify(storage));
  fs.renameSync(temporary, file);
}

/**
 * Signs in as the demo account of a role, as the form would leave the browser: from the run's saved
 * state when its session is still open (a logout or a password change elsewhere ends it), otherwise
 * through the form, saving the new state.
 */
export async function signIn(page: Page, role: string): Promise<void> {
  const file = sessionFile(role);
  const saved = savedStorage(file);
  const open =
    saved?.token &&
    (await page.request.get('/api/admin/me', { headers: { authorization: saved.token } })).ok();
  if (saved && open) {
    await page.goto('/');
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, saved);
    await page.goto('/dashboard');
    await page.waitForURL(SIGNED_IN);
    return;
  }
  await signInThroughForm(page, role);
  saveStorage(file, await page.evaluate(() => ({ ...localStorage })));
}

/** Types a calendar day (`yyyy-mm-dd`) into the dd/mm/yyyy date picker labelled `label`. */
export async function fillDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await typeIntoPicker(page, label, `${date}${month}${year}`);
}

/** Types into a date or date-time picker from its first section (day first, as dd/mm/yyyy shows). */
async function typeIntoPicker(page: Page, label: string, keys: string): Promise<void> {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(keys);
}

/** Types an IST wall time (`yyyy-mm-ddTHH:mm`, 24-hour) into the dd/mm/yyyy hh:mm am picker labelled `label`. */
export async function fillDateTime(page: Page, label: string, wall: string): Promise<void> {
  const [day, time] = wall.split('T');
  const [year, month, date] = day!.split('-');
  const [hours, minutes] = time!.split(':').map(Number);
  const hour12 = String(hours! % 12 || 12).padStart(2, '0');
  const meridiem = hours! < 12 ? 'a' : 'p';
  await typeIntoPicker(
    page,
    label,
    `${date}${month}${year}${hour12}${String(minutes).padStart(2, '0')}${meridiem}`,
  );
}
