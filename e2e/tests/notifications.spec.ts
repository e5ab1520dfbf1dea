import { NOTIFICATIONS_PAGE } from '@app/contract/notifications';
import { demoEmail } from '@app/contract/permissions';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { requestCode } from '../server-log';
import { DEMO_PASSWORD, fillDateTime, signIn } from './helpers';
import { unique } from './staff-helpers';

async function staffToken(request: APIRequestContext, role: string): Promise<string> {
  const res = await request.post('/api/admin/login', {
    data: { email: demoEmail(role), password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Approved members of a type, as the staff member list shows them. */
async function membersOfType(request: APIRequestContext, token: string, type: string) {
  const filter = encodeURIComponent(JSON.stringify({ type, status: 'approved' }));
  const res = await request.get(`/api/admin/users?filter=${filter}&perPage=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).rows as { id: number; mobile: string }[];
}

/** Signs a member in through the app API (one-time code from the test server's SMS outbox). */
async function memberToken(request: APIRequestContext, mobile: string): Promise<string> {
  const res = await request.post('/api/app/login', {
    data: { mobile, code: await requestCode(request, mobile) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

async function inboxTitles(request: APIRequestContext, token: string) {
  const res = await request.get('/api/app/inbox?limit=50', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).items as { id: number; title: string; readAt: string | null }[];
}

test('a notification for one member type: sent, then its read count follows members reading it', async ({
  page,
  request,
}) => {
  const title = `Architect meet ${unique()}`;
  await signIn(page, 'marketing');
  await page.goto(NOTIFICATIONS_PAGE);
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose notification' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Join us for the new laminate range launch.');
  await dialog.getByLabel('Member types').check();
  await dialog.getByRole('checkbox', { name: 'Architect' }).check();
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Types: Architect');
  await expect(row).toContainText('sent', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/notifications-desktop.png', fullPage: true });

  const staff = await staffToken(request, 'marketing');
  const listed = (
    await (
      await request.get(
        `/api/admin/notifications?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`,
        {
          headers: { authorization: `Bearer ${staff}` },
        },
      )
    ).json()
  ).rows[0] as { id: number; recipients: number; read: number };
  expect(listed.recipients).toBeGreaterThan(0);
  expect(listed.read).toBe(0);

  // Two architects read it in the app; a dealer never got it.
  const admin = await staffToken(request, 'admin');
  const architects = (await membersOfType(request, admin, 'architect')).slice(0, 2);
  expect(architects.length).toBe(2);
  for (const member of architects) {
    const token = await memberToken(request, member.mobile);
    const message = (await inboxTitles(request, token)).find((m) => m.title === title);
    expect(message, `member ${member.id} got it`).toBeDefined();
    const read = await request.post(`/api/app/inbox/${message!.id}/read`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status()).toBe(200);
  }
  const [dealer] = await membersOfType(request, admin, 'dealer');
  const dealerInbox = await inboxTitles(request, await memberToken(request, dealer!.mobile));
  expect(dealerInbox.map((m) => m.title)).not.toContain(title);

  await page.reload();
  const share = Math.round((100 * 2) / listed.recipients);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(`2 (${share}%)`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/notifications-390.png', fullPage: true });
});

test('a scheduled notification is cancelled after confirming', async ({ page }) => {
  const title = `Quiz ${unique()}`;
  await signIn(page, 'marketing');
  await page.goto(NOTIFICATIONS_PAGE);
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose notification' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Answer three questions.');
  await dialog.getByLabel('Schedule').check();
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  await fillDateTime(page, 'Send at (IST)', `${inTwoDays}T10:30`);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('scheduled');
  await expect(row).toContainText('10:30 am');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel notification' }).click();
  await expect(row).toContainText('cancelled');
});

test('Update Version: a new android setting is saved and kept in the history; the app is told to update', async ({
  page,
  request,
}) => {
  await signIn(page, 'almond team');
  await page.goto('/dashboard/update_version');
  const android = page.getByRole('region', { name: 'Android' });
  await android.getByRole('textbox', { name: 'Latest version' }).fill('2.5.0');
  await android.getByRole('textbox', { name: 'Minimum supported version' }).fill('2.5');
  await android.getByRole('button', { name: 'Save Android' }).click();
  await expect(android.getByText('A semantic version such as 1.2.3 or 2.0.0-beta.1')).toBeVisible();
  await android.getByRole('textbox', { name: 'Minimum supported version' }).fill('2.2.0');
  await android.getByRole('button', { name: 'Save Android' }).click();
  await expect(page.getByText('Android versions saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Android' })).toContainText(
    'Now: latest 2.5.0, minimum 2.2.0',
  );
  await expect(page.getByRole('row').filter({ hasText: '2.5.0' }).first()).toContainText('2.2.0');
  const check = await request.get('/api/app/version?platform=android&current=2.1.9');
  expect(await check.json()).toMatchObject({ latest: '2.5.0', minimum: '2.2.0', mustUpdate: true });
  await page.screenshot({ path: 'test-results/update-version-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The layout settles after the resize (the sidebar closes with a transition): wait for it.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/update-version-390.png', fullPage: true });
});
