import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { approvedMember, setFraudRules, staffToken } from './member-api';
import { bearer } from './member-app';
import { activeCodes } from './member-web';

test.afterAll(async ({ request }) => {
  // Other specs scan on the same server: the rules go back to off.
  await setFraudRules(request, {});
});

test('the Review tab shows a held scan; the reviewer claims and clears it and the points become redeemable', async ({
  page,
  request,
}) => {
  await setFraudRules(request, { scansPerHour: 1, scansPerHourAction: 'hold' });
  const member = await approvedMember(request, 7);
  const codes = await activeCodes(request, await staffToken(request, 'almond team'), 2);
  const answers = [];
  for (const code of codes) {
    const res = await request.post('/api/app/scan', { headers: bearer(member.token), data: { code } });
    expect(res.status(), await res.text()).toBe(200);
    answers.push(await res.json());
  }
  const held = answers.find((a) => a.heldPoints > 0);
  expect(held, JSON.stringify(answers)).toBeTruthy();
  const profile = await (await request.get('/api/app/profile', { headers: bearer(member.token) })).json();
  expect(profile.heldPoints).toBeGreaterThanOrEqual(held.heldPoints);

  await signIn(page, 'cs');
  await page.goto('/dashboard/QrScanHistories');
  await page.getByRole('tab', { name: 'Review' }).click();
  const row = page.getByRole('row').filter({ hasText: member.code }).filter({ hasText: 'Held' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('too many per hour');
  await row.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText(/You are reviewing/)).toBeVisible();
  await row.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText(/cleared: the points are redeemable/)).toBeVisible();

  const after = await (await request.get('/api/app/profile', { headers: bearer(member.token) })).json();
  expect(after.heldPoints).toBeLessThan(profile.heldPoints);
  expect(after.balance).toBe(profile.balance);
});
