import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { unique } from './staff-helpers';

/** A mobile number of this run (employees' mobiles are unique). */
const mobileOf = (tag: string) =>
  `7${String(Date.now()).slice(-5)}${String(parseInt(tag, 36) % 10_000).padStart(4, '0')}`;

test('a BDE created with territory and password signs in to the field app; the visit appears on BDA Activity', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const code = `E2E-${tag}`.slice(0, 20).toUpperCase();
  const name = `Field Tester ${tag}`;
  const mobile = mobileOf(tag);
  const party = `Dealer ${tag}`;
  await signIn(page, 'admin');

  // Employee Management: add the employee.
  await page.goto('/dashboard/employee');
  await page.getByRole('link', { name: 'Add employee' }).click();
  await page.getByLabel('Employee code').fill(code);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel('Mobile').fill(mobile);
  await page.getByLabel('Designation').fill('BDE');
  await page.getByLabel('Department').fill('Sales');
  await page.getByLabel('State/Zone').fill('Maharashtra');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Employee added')).toBeVisible();
  await page.getByPlaceholder('Name, code, mobile or email').fill(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText(name);

  // BDE Management: make them a BDE with a territory and a field-app password.
  await page.goto('/dashboard/bdeEmployee');
  await page.getByRole('link', { name: 'Add BDE' }).click();
  await page.getByRole('combobox', { name: 'Employee' }).fill(code);
  await page.getByRole('option', { name: new RegExp(code) }).click();
  await page.getByRole('combobox', { name: 'Territory: states' }).click();
  await page.getByRole('option', { name: 'Maharashtra' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Territory: districts').fill('Pune, Nagpur');
  await page.getByLabel('Territory: pincodes').fill('411001');
  await page.getByLabel('Monthly onboarding target').fill('5');
  await page.getByLabel('Field-app password').fill('field-e2e-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('BDE added: they can sign in to the field app')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name} (${code})` })).toBeVisible();
  await expect(page.getByText('Maharashtra; Pune, Nagpur (districts); 411001 (pincodes)')).toBeVisible();
  await expect(page.getByText('0 of 5')).toBeVisible();

  // The field app: sign in, check in (outside the territory), check out.
  const login = await page.request.post('/api/field/login', {
    data: { mobile, password: 'field-e2e-secret' },
  });
  expect(login.status()).toBe(200);
  const field = { authorization: `Bearer ${(await login.json()).token}` };
  const checkIn = await page.request.post('/api/field/visits', {
    headers: { ...field, 'idempotency-key': `e2e-${tag}` },
    data: {
      type: 'dealer_visit',
      party,
      lat: 21.1458,
      lng: 79.0882,
      accuracy: 15,
      place: { state: 'Gujarat', district: 'Surat', pincode: '395003' },
      note: 'Stock review',
    },
  });
  expect(checkIn.status(), await checkIn.text()).toBe(200);
  const visit = await checkIn.json();
  const out = await page.request.post(`/api/field/visits/${visit.id}/check-out`, {
    headers: field,
    data: { lat: 21.146, lng: 79.0884, notes: 'Order next week' },
  });
  expect(out.status()).toBe(200);

  // BDA Activity: the visit, flagged with its reason.
  await page.goto('/dashboard/bda_activity');
  await page.getByPlaceholder('Party or BDE').fill(party);
  const row = page.getByRole('row').filter({ hasText: party });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Dealer visit');
  await expect(row).toContainText('Outside the territory: 395003, Surat, Gujarat');
  await row.click();
  await expect(page.getByText('Check-out notes: Order next week')).toBeVisible();

  // The map of check-ins follows the filter: this one visit, flagged (drawn in the error colour).
  const map = page.getByRole('region', { name: 'Map of check-ins' });
  await expect(map).toBeVisible();
  await expect(page.getByText('1 check-ins on the map (flagged visits in red).')).toBeVisible();
  const marker = map.locator('.points-map-marker-flagged');
  await expect(marker).toHaveCount(1);
  await marker.hover();
  await expect(map.locator('.leaflet-tooltip')).toContainText(party);
  await expect(map.locator('path.points-map-india')).toBeVisible();
});
