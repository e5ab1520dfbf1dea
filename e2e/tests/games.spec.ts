import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { approvedMember, staffToken } from './member-api';
import { unique } from './staff-helpers';

test('create a game with its prize table (100% check), play it through the member API, see the play in history', async ({
  page,
  request,
}) => {
  const name = `Test wheel ${unique()}`;
  await signIn(page, 'admin');
  await page.goto('/dashboard/gamespoints');
  await expect(page.getByRole('heading', { name: 'Games Points' })).toBeVisible();
  await page.getByRole('link', { name: 'New game' }).click();
  // Create is a page (<page>/create), not a dialog.
  await expect(page).toHaveURL(/\/dashboard\/gamespoints\/create$/);
  await expect(page.getByRole('heading', { name: 'New game' })).toBeVisible();
  const dialog = page.getByRole('form', { name: 'New game' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Plays per member per day').fill('2');
  // Two prizes of 50% each start the table; lowering one shows a total short of 100%.
  await dialog.getByLabel('Prize 2 probability').fill('40');
  const total = dialog.getByTestId('probability-total');
  await expect(total).toContainText('90%');
  await expect(total).toContainText('must be exactly 100%');
  await dialog.getByRole('button', { name: 'Save game' }).click();
  await expect(
    dialog.getByText('The probabilities add up to 90%; they must add up to exactly 100%'),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Add prize' }).click();
  await dialog.getByLabel('Prize 3 label').fill('Jackpot');
  await dialog.getByLabel('Prize 3 points').fill('500');
  await dialog.getByLabel('Prize 3 probability').fill('10');
  await expect(total).toContainText('100%');
  await expect(total).toContainText('✓');
  await dialog.getByRole('button', { name: 'Save game' }).click();
  await expect(page.getByText('Game created')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/gamespoints$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('live');
  await expect(row).toContainText('Jackpot (500 pts, 10%)');

  // Its edit page (<page>/:id/edit) shows the form and the game's history.
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/gamespoints\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByRole('form', { name: `Edit ${name}` }).getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/gamespoints$/);

  // The member plays it through the app's API.
  const staff = await staffToken(request, 'admin');
  const games = await request.get(
    `/api/admin/games?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`,
    {
      headers: { authorization: `Bearer ${staff}` },
    },
  );
  const gameId = (await games.json()).rows[0].id as number;
  const member = await approvedMember(request);
  const open = await request.get('/api/app/games', { headers: { authorization: `Bearer ${member.token}` } });
  expect((await open.json()).find((g: { id: number }) => g.id === gameId)).toMatchObject({ playsLeft: 2 });
  const played = await request.post(`/api/app/games/${gameId}/play`, {
    headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': `e2e-${unique()}` },
  });
  expect(played.status()).toBe(200);
  const prize = (await played.json()) as { prize: { label: string }; points: number; playsLeft: number };
  expect(prize.playsLeft).toBe(1);

  await page.getByRole('tab', { name: 'Play history' }).click();
  await expect(page).toHaveURL(/\/dashboard\/gamespoints\/plays/);
  const play = page.getByRole('row').filter({ hasText: name }).first();
  await expect(play).toContainText(member.name);
  await expect(play).toContainText(prize.prize.label);
  await expect(
    page
      .getByRole('link', { name: /export/i })
      .or(page.getByRole('button', { name: /export/i }))
      .first(),
  ).toBeVisible();

  // Archive with confirmation: the game closes.
  await page.getByRole('tab', { name: 'Games' }).click();
  await row.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive game' }).click();
  await expect(page.getByText('Game archived')).toBeVisible();
  await expect(row).toContainText('archived');
  const closed = await request.post(`/api/app/games/${gameId}/play`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(closed.status()).toBe(409);
});
