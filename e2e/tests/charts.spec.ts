import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The daily chart (components/DayChart, on Coupons Dashboard Summary and the Dashboard): the count
 * axis shows every label in full, in Indian grouping, and daily counts are steps, not smoothed
 * curves. The summary's days are replaced with counts in the lakhs, which the demo data has not.
 */
const DAYS = [
  { day: '2026-11-01', generated: 1_200_000, allocated: 250_000, scanned: 98_000, damaged: 0 },
  { day: '2026-11-02', generated: 0, allocated: 125_000, scanned: 250_000, damaged: 1_500 },
  { day: '2026-11-03', generated: 600_000, allocated: 0, scanned: 12_000, damaged: 40 },
  { day: '2026-11-04', generated: 0, allocated: 980_000, scanned: 310_000, damaged: 0 },
];

test('the daily chart shows whole Indian-grouped axis labels and steps for daily counts', async ({
  page,
}) => {
  await signIn(page, 'almond team');
  await page.route(
    (url) => url.pathname === '/api/admin/coupon-summary',
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, days: DAYS } });
    },
  );
  await page.goto('/dashboard/coupon-dashboard-summary');
  const chart = page.getByRole('figure', { name: 'Coupons per day' });
  await expect(chart).toBeVisible();

  // The count axis: the vertical one, whose labels are numbers.
  const labels = chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(labels.first()).toBeVisible();
  const texts = await labels.allTextContents();
  expect(texts.length).toBeGreaterThan(2);
  for (const text of texts) {
    expect(text).not.toContain('…');
    expect(text).toMatch(/^\d{1,2}(,\d{2})*,\d{3}$|^\d{1,3}$/);
  }
  // 12,00,000 is the largest count: the top label is at least that, written whole.
  expect(texts.map((t) => Number(t.replaceAll(',', ''))).at(-1)).toBeGreaterThanOrEqual(1_200_000);
  // Each label lies inside the chart, to the right of its left edge (none is pushed off or clipped).
  const box = (await chart.boundingBox())!;
  for (const label of await labels.all())
    expect((await label.boundingBox())!.x).toBeGreaterThanOrEqual(box.x);

  // Daily counts as steps: straight horizontal and vertical segments, no curve commands.
  const lines = chart.locator('path.MuiLineChart-line');
  await expect(lines).toHaveCount(4);
  for (const d of await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) {
    expect(d).toMatch(/^M[\d.,\sL-]+$/); // moves and straight lines only
    const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (let i = 1; i < points.length; i++) {
      const [[x0, y0], [x1, y1]] = [points[i - 1]!, points[i]!];
      // Every segment is level (a day's count) or upright (the change between days).
      expect(Math.abs(x1! - x0!) < 0.01 || Math.abs(y1! - y0!) < 0.01, d).toBe(true);
    }
  }
});
