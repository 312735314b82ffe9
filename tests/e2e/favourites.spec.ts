import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  exampleCard,
  openHomeExamples,
  shot,
  signUpThroughApi,
  test,
  waitForHydrationOnLoads,
} from './fixtures.ts';
import { FAVOURITE_MESSAGES } from '../../src/shared/favourites/favourites.schemas.ts';

const FAVOURITES = '/dashboard?tab=favourites';

const heart = (scope: ReturnType<Page['getByRole']>, on = false) =>
  scope.getByRole('button', { name: on ? /^Remove from favourites/ : /^Add to favourites/ });

/** The cards of the favourites list, by title. */
const favouriteTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Your favourites' })
    .getByRole('listitem')
    .getByRole('heading')
    .allInnerTexts();

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

let counter = 0;
function newAccount() {
  const username = `fav_${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username, email: `${username}@example.test`, password: 'correct-horse-battery' };
}

test.describe('Favourites', () => {
  test('a guest hearts two logos, signs up, and finds them on the account from another device', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers and a sign-up in one journey: more than the usual minute on a busy runner.
    test.setTimeout(120_000);
    await openHomeExamples(page);
    for (const title of ['GitHub', 'Figma']) {
      const button = heart(exampleCard(page, title));
      await button.click();
      await expect(heart(exampleCard(page, title), true)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(toasts(page).getByText(FAVOURITE_MESSAGES.guestNote)).toBeVisible();
    await expect(heart(exampleCard(page, 'Google'))).toHaveAttribute('aria-pressed', 'false');

    // The guest's list, kept in this browser, with a way to keep it on an account.
    await page.goto(FAVOURITES);
    await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible();
    await expect.poll(() => favouriteTitles(page)).toEqual(['Figma', 'GitHub']);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Sign in' }).click();

    const account = newAccount();
    const form = page.getByRole('form', { name: 'Sign up with email' });
    await form.getByLabel('Username').fill(account.username);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByLabel('Confirm password').fill(account.password);
    await form.getByRole('button', { name: 'Sign up' }).click();

    // Back on the dashboard's Favourites tab, with the browser's favourites now on the account.
    await expect(page.getByRole('tab', { name: 'Favourites' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(() => favouriteTitles(page)).toEqual(['Figma', 'GitHub']);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('wikilogos.favourites')))
      .toBeNull();
    await shot(page, 'favourites-desktop-light', { fullPage: true });

    // The wall link carries their names and files, one a line.
    const wall = new URL(
      (await page.getByRole('link', { name: 'Open all on a wall' }).getAttribute('href'))!,
      baseURL,
    );
    expect(wall.pathname).toBe('/wall');
    expect(wall.searchParams.get('names')?.split('\n')).toHaveLength(2);
    expect(wall.searchParams.get('files')?.split('\n')).toEqual(['Figma', 'GitHub']);

    // Another device: a new browser, signed in to the same account.
    const other = await browser.newContext({ baseURL });
    try {
      const device = await other.newPage();
      waitForHydrationOnLoads(device);
      const login = await device.request.post('/api/users/login', {
        data: { username: account.username, password: account.password },
      });
      expect(login.status(), await login.text()).toBe(200);
      await device.goto(FAVOURITES);
      await expect.poll(() => favouriteTitles(device)).toEqual(['Figma', 'GitHub']);

      // Removed there, with the heart on its card.
      const figma = device
        .getByRole('list', { name: 'Your favourites' })
        .getByRole('listitem')
        .filter({ has: device.getByRole('heading', { name: 'Figma' }) });
      await heart(figma, true).click();
      await expect(toasts(device).getByText(FAVOURITE_MESSAGES.removed)).toBeVisible();
      await expect.poll(() => favouriteTitles(device)).toEqual(['GitHub']);
    } finally {
      await other.close();
    }

    await page.reload();
    await expect.poll(() => favouriteTitles(page)).toEqual(['GitHub']);
  });

  test('on a phone in the dark: hearted from the dialog, listed, removed to the empty state @mobile', async ({
    page,
    darkTheme,
  }) => {
    // Two axe scans' worth of page on a phone profile: more than the usual minute on a busy runner.
    test.setTimeout(90_000);
    await darkTheme();
    await signUpThroughApi(page, 'favphone');
    await openHomeExamples(page);
    await exampleCard(page, 'Spotify')
      .getByRole('button', { name: 'Spotify', exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await heart(dialog).click();
    await expect(heart(dialog, true)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    // (The toast sits outside the modal, so it is out of the accessibility tree until it closes.)
    await expect(toasts(page).getByText(FAVOURITE_MESSAGES.added)).toBeVisible();
    await expect(heart(exampleCard(page, 'Spotify'), true)).toBeVisible();

    await page.goto(FAVOURITES);
    await expect.poll(() => favouriteTitles(page)).toEqual(['Spotify']);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'favourites-mobile-dark', { fullPage: true });

    // The keyboard reaches the heart and turns it off.
    await heart(page.getByRole('list', { name: 'Your favourites' }), true).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No favourites yet' })).toBeVisible();
  });
});
