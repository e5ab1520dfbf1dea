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
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${date}${month}${year}`);
}
