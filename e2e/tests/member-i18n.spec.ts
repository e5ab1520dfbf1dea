import { demoEmail } from '@app/contract/permissions';
import { expect, type Page, test } from '@playwright/test';
import { gu } from '../../apps/member/src/locales/gu';
import { hi } from '../../apps/member/src/locales/hi';
import { mr } from '../../apps/member/src/locales/mr';
import { ta } from '../../apps/member/src/locales/ta';
import { acceptCurrentTerms, approvedAppMember, bearer, PHOTO_PNG, redeemingMember } from './member-app';
import { almondToken, MEMBER_TOKEN_KEY } from './member-web';

// Every member screen in the member's language, on a phone.
test.use({ viewport: { width: 390, height: 844 } });

/**
 * What may stay in Latin letters on a Hindi screen: the brand, and the abbreviations printed on the
 * member's own cards, cheques and SMS, and the examples of what to type in a PAN, IFSC or UPI field
 * (the locale check allows the same ones in every language).
 * Names staff typed (a reward, a game, an event, a store) are marked `translate="no"` and skipped.
 */
const ALLOWED =
  /\b(Action Tesa|UPI|PAN|IFSC|KYC|SMS|QR|TDS|IST|PIN|UTR|ID|AWB|PDF|ABCDE1234F|SBIN0001234|M000042)\b|name@bank/g;

/** Every visible text node with a Latin letter left once the allowed words are taken out. */
async function latinLeft(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    const pattern = new RegExp(allowed, 'g');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [translate="no"]')) continue;
      const option = parent.closest('option');
      const shown = option
        ? option.selected && option.closest('select')!.checkVisibility()
        : parent.checkVisibility();
      if (!shown) continue;
      const text = node.textContent ?? '';
      if (/[A-Za-z]/.test(text.replace(pattern, ''))) found.push(text.trim());
    }
    return found;
  }, ALLOWED.source);
}

/** Visits `path` (or stays), waits for `ready`, and fails naming every English text on the screen. */
async function noEnglish(page: Page, screen: string, ready: () => Promise<void>, path?: string) {
  if (path) await page.goto(path);
  await ready();
  await page.getByText(hi.loading).first().waitFor({ state: 'hidden' });
  expect(await latinLeft(page), `English on ${screen}`).toEqual([]);
}

test('in Hindi, no screen of the member app shows English: sign-in, Home, Scan, Rewards, terms, Orders, Messages, KYC, More, games, errors', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { member, cs } = await redeemingMember(
    request,
    { cs: demoEmail('cs'), finance: demoEmail('finance') },
    'hi',
  );
  // An order to list: the member redeems cash by the API (the screens are what this test reads).
  await acceptCurrentTerms(request, member.token);
  const order = await request.post('/api/app/redemptions', {
    headers: { ...bearer(member.token), 'idempotency-key': `i18n-${member.mobile}` },
    data: { kind: 'cash', points: 1000, payout: 'upi' },
  });
  expect(order.status(), await order.text()).toBe(200);

  // Signed out, in the language chosen before signing in; a wrong number is refused in Hindi.
  await page.addInitScript(() => localStorage.setItem('member-app.language', 'hi'));
  await noEnglish(
    page,
    'sign-in',
    () => expect(page.getByRole('heading', { name: hi.signIn.title })).toBeVisible(),
    '/app/',
  );
  await page.getByLabel(hi.signIn.mobile).fill('12345');
  await page.getByRole('button', { name: hi.signIn.sendCode }).click();
  await noEnglish(page, 'a refused mobile number', () =>
    expect(page.getByText(hi.errors.fields.mobile)).toBeVisible(),
  );

  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  const screens: [string, string, () => Promise<void>][] = [
    ['Home', '/app/', () => expect(page.getByText(hi.home.status.approved)).toBeVisible()],
    [
      'Points',
      '/app/ledger',
      () => expect(page.getByRole('heading', { name: hi.ledger.title })).toBeVisible(),
    ],
    [
      'Rewards',
      '/app/rewards',
      () => expect(page.getByRole('heading', { name: hi.rewards.title }).first()).toBeVisible(),
    ],
    [
      'My orders',
      '/app/redemptions',
      () => expect(page.getByText(hi.redemptions.kinds.cash).first()).toBeVisible(),
    ],
    [
      'Messages',
      '/app/inbox',
      () => expect(page.getByRole('heading', { name: hi.inbox.title })).toBeVisible(),
    ],
    ['KYC', '/app/kyc', () => expect(page.getByText(hi.kyc.status.approved).first()).toBeVisible()],
    ['More', '/app/more', () => expect(page.getByRole('link', { name: hi.more.games })).toBeVisible()],
    [
      'Events',
      '/app/events',
      () => expect(page.getByRole('heading', { name: hi.events.title })).toBeVisible(),
    ],
    [
      'Stores',
      '/app/stores',
      () => expect(page.getByRole('heading', { name: hi.stores.title })).toBeVisible(),
    ],
    [
      'Projects',
      '/app/projects',
      () => expect(page.getByRole('heading', { name: hi.projects.title })).toBeVisible(),
    ],
    [
      'Feedback',
      '/app/feedback',
      () => expect(page.getByRole('heading', { name: hi.feedback.title })).toBeVisible(),
    ],
  ];
  for (const [screen, path, ready] of screens) await noEnglish(page, screen, ready, path);

  // A code that is not ours, scanned from Home: the answer is Hindi.
  await page.goto('/app/');
  await page.getByLabel(hi.scan.code).fill('NOT-OUR-CODE-1');
  await page.getByRole('button', { name: hi.scan.submit }).click();
  await noEnglish(page, 'a refused scan', () =>
    expect(page.getByText(hi.scan.results.invalid_code)).toBeVisible(),
  );

  // Documents and terms, every one opened: the text staff wrote in Hindi.
  await noEnglish(
    page,
    'Documents',
    () => expect(page.getByRole('heading', { name: hi.documents.title })).toBeVisible(),
    '/app/documents',
  );
  for (const summary of await page.locator('summary').all()) await summary.click();
  await noEnglish(page, 'the documents opened', () =>
    expect(page.getByText('पॉइंट्स असली कूपन स्कैन करके मिलते हैं').first()).toBeVisible(),
  );

  // A game played: its prize is said in Hindi.
  await noEnglish(
    page,
    'Games',
    () => expect(page.getByRole('heading', { name: hi.games.title })).toBeVisible(),
    '/app/games',
  );
  await page
    .getByRole('button', { name: new RegExp(`^${hi.games.play}`) })
    .first()
    .click();
  await noEnglish(page, 'a game played', () =>
    expect(page.getByText(hi.scan.balance.split('{{')[0]!)).toBeVisible(),
  );
  await page.screenshot({ path: 'test-results/member-i18n-hi-games.png' });

  // The terms on Rewards, for a member asked to accept them; then a refused PAN on the KYC form.
  const fresh = await approvedAppMember(request, cs, 'hi');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    fresh.token,
  ] as const);
  await page.goto('/app/rewards');
  await page.getByText(hi.terms.read).click();
  await noEnglish(page, 'the terms on Rewards', () =>
    expect(page.getByTestId('terms-text')).toContainText('पॉइंट्स'),
  );
  await page.goto('/app/kyc');
  await page.getByLabel(hi.kyc.fields.aadhaarLast4).fill('4321');
  await page.getByLabel(hi.kyc.fields.pan, { exact: true }).fill('ABCDE12345');
  await page.getByLabel(hi.kyc.fields.accountHolder).fill('राम लाल');
  await page.getByLabel(hi.kyc.fields.accountNumber, { exact: true }).fill('123456789012');
  await page.getByLabel(hi.kyc.fields.ifsc).fill('SBIN0001234');
  await page.getByLabel(hi.kyc.fields.bankName).fill('भारतीय स्टेट बैंक');
  for (const input of await page.locator('input[type="file"]').all())
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await page.getByRole('button', { name: hi.kyc.submit }).click();
  await noEnglish(page, 'a refused PAN', () => expect(page.locator('.error').first()).toBeVisible());
  await page.screenshot({ path: 'test-results/member-i18n-hi-pan-error.png' });
});

test('Home renders in Marathi, Gujarati and Tamil', async ({ page, request }) => {
  const member = await approvedAppMember(request, await almondToken(request));
  await page.addInitScript(([key, token]) => localStorage.setItem(key, token), [
    MEMBER_TOKEN_KEY,
    member.token,
  ] as const);
  await page.goto('/app/');
  for (const [code, L] of [
    ['mr', mr],
    ['gu', gu],
    ['ta', ta],
  ] as const) {
    await page.getByRole('combobox').first().selectOption(code);
    await expect(page.getByText(L.home.status.approved)).toBeVisible();
    await expect(page.getByRole('link', { name: L.nav.rewards })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    // Longer words than English's, and still nothing wider than the phone.
    for (const box of ['nav.bottom', 'header.top', 'main'])
      expect(
        await page.locator(box).evaluate((el) => el.scrollWidth <= el.clientWidth),
        `${code} ${box}`,
      ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `test-results/member-i18n-${code}-home.png` });
  }
  // The language chosen is the member's language for messages too.
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/app/profile', { headers: bearer(member.token) })).json()).language,
    )
    .toBe('ta');
});
