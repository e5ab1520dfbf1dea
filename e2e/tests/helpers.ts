import { demoEmail } from '@app/contract/permissions';
import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the sign-in form at `/` as the demo account of a role. */
export async function signIn(page: Page, role: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(demoEmail(role));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Roles without the Dashboard item move straight on to their first page.
  await page.waitForURL(/\/dashboard(\/[^?]*)?$/);
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
