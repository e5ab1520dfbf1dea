import { test } from '@playwright/test';
import { signIn } from './helpers';

for (const [w, h] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await signIn(page, 'cs');
    const shot = async (url: string, name: string, wait: string) => {
      await page.goto(url);
      await page.getByText(wait).first().waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/x/${name}-${w}.png`, fullPage: true });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      console.log(name, w, 'sideways scroll:', scroll);
    };
    await shot('/dashboard/project_registration', 'projects', 'Bonus on approval');
    await shot('/dashboard/project_registration/1', 'project', 'Photos');
    await shot('/dashboard/project_registration/3', 'project-rejected', 'Photos');
    await shot('/dashboard/feedback', 'feedback', 'Feedbacks Data');
    await shot('/dashboard/feedback/1', 'feedback-one', 'Replies');
    const { rows } = await (await page.request.get('/api/admin/projects?perPage=1', { headers: { authorization: (await page.evaluate(() => localStorage.getItem('token'))) ?? '' } })).json();
    await page.goto(`/dashboard/users/${rows[0].memberId}`);
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/x/member-projects-${w}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Scans' }).click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/x/member-scans-${w}.png`, fullPage: true });
  });
}
