import { todayInIndia } from '@app/contract/format';
import { FRAUD_RULE_MESSAGES } from '@app/contract/fraud-rules';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { fillDay, signIn } from './helpers';
import { approvedMember, setFraudRules, staffToken } from './member-api';
import { bearer } from './member-app';
import { activeCodes } from './member-web';

/**
 * The Fraud rules tab's cluster rule in the browser: admin requests "2 members on one
 * device within 24 h → Hold for review" through the form, the almond team approves it, two members
 * scan from one phone and the second scan is held, and the Review tab names the shared device.
 */

const FRAUD_RULES = /\/api\/admin\/fraud-rules(\?.*)?$/;
const CLUSTER_TEXT = 'Cluster: 2 members on one device in 24 h · Hold for review';

/** A new browser session signed in as `role`, on QR Scan History's `tab`. */
async function openTab(browser: Browser, role: string, tab: string): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, role);
  await page.goto('/dashboard/QrScanHistories');
  await page.getByRole('tab', { name: tab }).click();
  return page;
}

/** Optional screenshots for the closing note: SHOTS_DIR=/some/dir. */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

const inForce = (page: Page) => page.getByRole('alert').filter({ hasText: /^In force:/ });

test.afterAll(async ({ request }) => {
  // Other specs scan on the same server: the rules go back to off.
  await setFraudRules(request, {});
});

test('a device cluster rule requested in the form and approved by a second person holds the second member’s scan from one phone', async ({
  browser,
  request,
}) => {
  // Admin requests the rule through the form.
  const admin = await openTab(browser, 'admin', 'Fraud rules');
  const sent: string[] = [];
  admin.on('request', (r) => {
    if (r.method() === 'POST' && FRAUD_RULES.test(r.url())) sent.push(r.postData() ?? '');
  });
  const form = admin.getByRole('form', { name: 'Request fraud rules' });
  await expect(form).toBeVisible();
  await form.getByLabel('Members on one device', { exact: true }).fill('2');
  await form.getByLabel('Cluster window (hours)', { exact: true }).fill('24');
  await form.getByRole('combobox', { name: 'A device or place cluster' }).click();
  await admin.getByRole('option', { name: 'Hold for review' }).click();
  await expect(form.getByRole('combobox', { name: 'A device or place cluster' })).toHaveText(
    'Hold for review',
  );
  await form.getByRole('button', { name: 'Request change' }).click();
  await expect(admin.getByText('Sent for approval')).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({
    deviceClusterMembers: 2,
    clusterWindowHours: 24,
    clusterAction: 'hold',
    locationClusterMembers: null,
    effectiveFrom: todayInIndia(),
  });

  const table = admin.getByRole('table', { name: 'Fraud rules' });
  const pending = table
    .getByRole('row')
    .filter({ hasText: '2 members on one device in 24 h · Hold for review' })
    .filter({ hasText: 'pending' });
  await expect(pending).toHaveCount(1);
  // Maker-checker: the requester cannot approve their own request.
  await expect(pending.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(inForce(admin)).not.toContainText(CLUSTER_TEXT);
  await admin.close();

  // The almond team approves it in the UI; the "In force" line names the cluster rule.
  const almond = await openTab(browser, 'almond team', 'Fraud rules');
  const requested = almond
    .getByRole('table', { name: 'Fraud rules' })
    .getByRole('row')
    .filter({ hasText: '2 members on one device in 24 h · Hold for review' })
    .filter({ hasText: 'pending' });
  await requested.getByRole('button', { name: 'Approve' }).click();
  await almond.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(almond.getByText('Fraud rules approved')).toBeVisible();
  await expect(inForce(almond)).toContainText(CLUSTER_TEXT);
  await shot(almond, 'fraud-rules-cluster-in-force');
  await expect(
    almond.getByRole('table', { name: 'Fraud rules' }).getByRole('row').filter({ hasText: 'in force' }),
  ).toContainText('2 members on one device in 24 h · Hold for review');
  const staff = await staffToken(request, 'almond team');
  await almond.close();

  // Two approved members scan from the same phone: the second one makes the cluster and is held.
  const first = await approvedMember(request, 8);
  const second = await approvedMember(request, 9);
  expect(second.id).not.toBe(first.id);
  const [code1, code2] = await activeCodes(request, staff, 2);
  const deviceId = `e2e-cluster-${Date.now()}`;
  const scan = async (token: string, code: string) => {
    const res = await request.post('/api/app/scan', { headers: bearer(token), data: { code, deviceId } });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const one = await scan(first.token, code1!);
  expect(one.result, JSON.stringify(one)).toBe('success');
  expect(one.heldPoints ?? 0, JSON.stringify(one)).toBe(0);
  const two = await scan(second.token, code2!);
  expect(two.result, JSON.stringify(two)).toBe('success');
  expect(two.heldPoints, JSON.stringify(two)).toBeGreaterThan(0);

  // The reviewer sees the held scan on the Review tab, flagged for the shared device.
  const cs = await openTab(browser, 'cs', 'Review');
  const held = cs.getByRole('row').filter({ hasText: second.code }).filter({ hasText: 'Held' });
  await expect(held).toHaveCount(1);
  await expect(held.getByText('shared device', { exact: true })).toBeVisible();
  // The first member's scan made no cluster: nothing of theirs is held for the device.
  await expect(
    cs.getByRole('row').filter({ hasText: first.code }).filter({ hasText: 'shared device' }),
  ).toHaveCount(0);
  await cs.close();
});

test('a radius above 1,000 metres is named in the form and nothing is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && FRAUD_RULES.test(r.url())) sent.push(r.url());
  });
  await signIn(page, 'admin');
  await page.goto('/dashboard/QrScanHistories');
  await page.getByRole('tab', { name: 'Fraud rules' }).click();
  const form = page.getByRole('form', { name: 'Request fraud rules' });
  await expect(form).toBeVisible();
  const radius = form.getByLabel('Radius (metres)', { exact: true });
  await expect(form.getByText('At most 1,000')).toBeVisible();
  await form.getByLabel('Members within the radius', { exact: true }).fill('3');
  await radius.fill('1001');
  await form.getByLabel('Cluster window (hours)', { exact: true }).fill('24');
  await form.getByRole('combobox', { name: 'A device or place cluster' }).click();
  await page.getByRole('option', { name: 'Flag', exact: true }).click();
  await form.getByRole('button', { name: 'Request change' }).click();
  await expect(form.getByText(FRAUD_RULE_MESSAGES.clusterRadius)).toBeVisible();
  await expect(radius).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('At most 1,000')).toHaveCount(0);
  await shot(page, 'fraud-rules-radius-error');
  // The tab checks the body against the contract before any request: the message means nothing left.
  expect(sent).toEqual([]);
  await expect(page.getByText('Sent for approval')).toHaveCount(0);
});

test('the day typed in "From (IST)" is the day the request takes effect', async ({ page }) => {
  // The request is answered here, not by the server: nothing is left pending for the other specs.
  const bodies: Record<string, unknown>[] = [];
  await page.route(FRAUD_RULES, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    bodies.push(route.request().postDataJSON());
    return route.fulfill({ status: 200, json: {} });
  });
  const tomorrow = new Date(`${todayInIndia()}T00:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const day = tomorrow.toISOString().slice(0, 10);
  await signIn(page, 'admin');
  await page.goto('/dashboard/QrScanHistories');
  await page.getByRole('tab', { name: 'Fraud rules' }).click();
  const form = page.getByRole('form', { name: 'Request fraud rules' });
  await expect(form.getByRole('group', { name: 'From (IST)' })).toHaveCount(1);
  await fillDay(page, 'From (IST)', day);
  await form.getByLabel('Members on one device', { exact: true }).fill('3');
  await form.getByLabel('Cluster window (hours)', { exact: true }).fill('12');
  await form.getByRole('combobox', { name: 'A device or place cluster' }).click();
  await page.getByRole('option', { name: 'Refuse', exact: true }).click();
  await form.getByRole('button', { name: 'Request change' }).click();
  await expect(page.getByText('Sent for approval')).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({
    deviceClusterMembers: 3,
    clusterWindowHours: 12,
    clusterAction: 'refuse',
    effectiveFrom: day,
  });
});
