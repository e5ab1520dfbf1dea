import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { approvedAppMember, bearer, staffToken, uploadAsMember } from './member-app';

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('Project Registration: a project registered through the member API is approved on the page', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request, 'cs@demo.local');
  const member = await approvedAppMember(request, admin);
  const photo = await uploadAsMember(request, member.token, 'project_photo');
  const name = `Palm Grove Towers ${member.mobile.slice(-4)}`;
  const created = await request.post('/api/app/projects', {
    headers: { ...bearer(member.token), 'idempotency-key': `project-${member.mobile}` },
    data: {
      name,
      siteAddress: 'Survey 42, Hinjewadi Phase 2, Pune',
      pincode: '411057',
      latitude: 18.59,
      longitude: 73.73,
      type: 'residential',
      stage: 'foundation',
      expectedQuantity: 250,
      photoFileIds: [photo],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const project = (await created.json()) as { id: number; state: string };
  expect(project.state).toBe('submitted');

  await signIn(page, 'cs');
  await page.goto('/dashboard/project_registration');
  await expect(page.getByRole('heading', { name: 'Project Registration' })).toBeVisible();
  await expect(page.getByTestId('bonus-in-force')).toHaveText('500 points');
  await page.getByPlaceholder('Member name, mobile or code').fill(member.mobile);
  await expect(rowWith(page, name)).toContainText('submitted');

  // The project's own view: the photo through the project's route, then the decision.
  await rowWith(page, name).getByText(name).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('attachment-strip').getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('credited to the member once');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved: 500 bonus points credited')).toBeVisible();
  await expect(page.getByRole('row', { name: /Bonus credited/ })).toContainText('500 points');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'project.approved' })).toBeVisible();

  const own = await request.get('/api/app/projects', { headers: bearer(member.token) });
  expect((await own.json())[0]).toMatchObject({ id: project.id, state: 'approved', bonusPoints: 500 });
  const ledger = await request.get('/api/app/ledger', { headers: bearer(member.token) });
  expect(JSON.stringify(await ledger.json())).toContain('project_bonus');
});

test('Feedbacks Data: a reply on the page is visible through the member API', async ({ page, request }) => {
  const admin = await staffToken(request, 'cs@demo.local');
  const member = await approvedAppMember(request, admin);
  const photo = await uploadAsMember(request, member.token, 'feedback_attachment');
  const sent = await request.post('/api/app/feedback', {
    headers: bearer(member.token),
    data: {
      category: 'product',
      rating: 2,
      message: 'The hinges in the last box were rusted.',
      attachmentFileIds: [photo],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await signIn(page, 'cs');
  await page.goto('/dashboard/feedback');
  await expect(page.getByRole('heading', { name: 'Feedbacks Data' })).toBeVisible();
  await page.getByPlaceholder('Member name, mobile or code').fill(member.mobile);
  await rowWith(page, 'hinges in the last box').getByText('hinges in the last box').click();
  await expect(page.getByText('The hinges in the last box were rusted.')).toBeVisible();
  // The member's photo, as a thumbnail served by the feedback's own route.
  await expect(page.getByTestId('attachment-strip').getByRole('img', { name: 'Attachment 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Write the reply')).toBeVisible();
  const reply = 'Sorry! A replacement box leaves our Pune depot today.';
  await page.getByRole('textbox', { name: /Reply/ }).fill(reply);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent: the member sees it in the app')).toBeVisible();
  await expect(page.getByTestId('feedback-reply')).toContainText(reply);

  // Answering open feedback is working on it: the reply moved it to in progress.
  await expect(page.getByRole('button', { name: 'Start working on it' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark resolved' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'feedback.in_progress' })).toBeVisible();

  const own = await request.get('/api/app/feedback', { headers: bearer(member.token) });
  const [mine] = (await own.json()) as { state: string; replies: { text: string }[] }[];
  expect(mine!.state).toBe('in_progress');
  expect(mine!.replies.map((r) => r.text)).toEqual([reply]);
});
