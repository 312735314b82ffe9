import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  showHomeExamples,
  signUpThroughApi,
  test,
  shot,
} from './fixtures.ts';

// The home page's nine examples are WikiLogos' own catalogue icons (/api/icons/…svg): they
// download, copy and preview with no network beyond the app. Extra downloads that only need to
// count are recorded straight through the API, in the page's own session.

// Screenshots for looking at the allowance line, the upgrade dialog and the history by eye.

function examples(page: Page) {
  return page.getByRole('list', { name: 'Popular logo examples' });
}

async function openHome(page: Page) {
  await page.goto('/');
  await showHomeExamples(page);
}

async function openDetails(page: Page, title: string) {
  await examples(page).getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Counts one download of `url` in the page's session, the way the Download button does. */
async function trackThroughApi(page: Page, url: string, title = 'E2E logo') {
  const response = await page.request.post('/api/downloads/track', {
    data: { logoUrl: url, logoTitle: title, fileType: 'svg' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/** What a Download button at the limit says (docs/product.md#quotas). */
const LIMIT_PROMPT = 'Download limit reached. Subscribe for unlimited downloads.';

test.describe('single downloads and the monthly allowance', () => {
  test('a free user sees the allowance, downloads until the limit and gets the upgrade dialog', async ({
    page,
  }) => {
    test.slow();
    await signUpThroughApi(page, 'quota');
    await openHome(page);

    // The dialog checks the limit on open and shows it before any click.
    let dialog = await openDetails(page, 'GitHub');
    await expect(dialog.getByText('10 of 10 downloads left this month')).toBeVisible();
    let saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download GitHub' }).click();
    expect((await saved).suggestedFilename()).toBe('github.svg');
    await expect(dialog.getByText('9 of 10 downloads left this month')).toBeVisible();
    const doesNotCount =
      "You downloaded this logo this month — downloading it again doesn't count.";
    await expect(dialog.getByText(doesNotCount)).toBeVisible();

    // Downloading it again is free.
    saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download GitHub' }).click();
    await saved;
    await expect(dialog.getByRole('button', { name: 'Download GitHub' })).toBeEnabled();
    await expect(dialog.getByText('9 of 10 downloads left this month')).toBeVisible();
    await expect(dialog.getByText(doesNotCount)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Seven more distinct logos, then the ninth through the dialog.
    for (let index = 1; index <= 7; index += 1) {
      await trackThroughApi(page, `/api/icons/e2e-quota-${index}.svg`, `Quota logo ${index}`);
    }
    dialog = await openDetails(page, 'Spotify');
    await expect(dialog.getByText('2 of 10 downloads left this month')).toBeVisible();
    saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Spotify' }).click();
    await saved;
    await expect(dialog.getByText('1 of 10 downloads left this month')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The tenth in another tab, say: this page does not know yet.
    await trackThroughApi(page, '/api/icons/e2e-quota-10.svg', 'Quota logo 10');

    // The eleventh, from a card: refused on the server, nothing saved.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'Download Netflix' }).click();
    await expect(toast(page, '⚠️ Download Limit Reached')).toBeVisible();
    await expect(
      page
        .getByLabel('Notifications (F8)')
        .getByText("You've reached your monthly download limit."),
    ).toBeVisible();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await expect(upgrade).toBeVisible();
    // The reason is in the dialog too: the modal hides the toast from screen readers.
    await expect(upgrade.getByText("You've reached your monthly download limit.")).toBeVisible();
    expect(downloads).toBe(0);
    // The toast's Upgrade stays clickable above the modal.
    await page.getByLabel('Notifications (F8)').getByText('Upgrade', { exact: true }).click();
    await expect(page).toHaveURL('/premium');
    await expect(upgrade).toBeHidden();

    // Now the page knows: every card's Download says so before any click, and opens the upgrade
    // dialog instead of downloading.
    await openHome(page);
    const limited = examples(page).getByRole('button', { name: 'Download Netflix: Limit reached' });
    await expect(limited).toBeVisible();
    await expect(limited).toHaveAccessibleDescription(LIMIT_PROMPT);
    await expect(
      examples(page).getByRole('button', { name: 'Download GitHub: Limit reached' }),
    ).toBeVisible();
    await shot(page.getByRole('main'), 'cards-limit-reached');
    await limited.click();
    await expect(upgrade).toBeVisible();
    await expect(upgrade.getByText(LIMIT_PROMPT)).toBeVisible();
    expect(downloads).toBe(0);
    await page.keyboard.press('Escape');
    await expect(upgrade).toBeHidden();

    // Another logo's dialog: Download says why it is limited, with Upgrade beside the allowance.
    dialog = await openDetails(page, 'Netflix');
    const download = dialog.getByRole('button', { name: 'Download Netflix: Limit reached' });
    await expect(download).toBeVisible();
    await expect(download).toHaveAccessibleDescription(
      /^Download limit reached\. Subscribe for unlimited downloads\. You've reached your download limit for this month\./,
    );
    await expect(
      dialog.getByText("You've reached your download limit for this month.", { exact: false }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Upgrade', exact: true }).scrollIntoViewIfNeeded();
    await shot(dialog, 'dialog-limit-reached');
    await expectNoSeriousA11yViolations(page);

    // The upgrade dialog: annual by default with the saving, monthly on request; signed in, so
    // 'Upgrade Now' rather than 'Create Account'.
    await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await expect(upgrade).toBeVisible();
    await expect(upgrade.getByRole('radio', { name: /Annual/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(upgrade.getByText('Save 70%')).toBeVisible();
    await expect(upgrade.getByText('$3', { exact: true })).toBeVisible();
    await upgrade.getByRole('radio', { name: 'Monthly' }).click();
    await expect(upgrade.getByText('$10', { exact: true })).toBeVisible();
    await expect(upgrade.getByRole('link', { name: 'Create Account' })).toHaveCount(0);
    await shot(upgrade, 'upgrade-dialog');
    await expectNoSeriousA11yViolations(page);
    // Upgrade Now starts checkout from the dialog itself (tests/e2e/billing.spec.ts).
    await expect(upgrade.getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
  });

  test('a file that cannot be fetched is not counted', async ({ page }) => {
    await signUpThroughApi(page, 'failed');
    await openHome(page);
    await page.route('**/api/files?**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The file could not be fetched from its source.' }),
      }),
    );
    await page.getByRole('button', { name: 'Download GitHub' }).click();
    await expect(toast(page, 'Download failed')).toBeVisible();
    await expect(toast(page, 'The file could not be fetched from its source.')).toBeVisible();

    await page.unroute('**/api/files?**');
    const dialog = await openDetails(page, 'GitHub');
    await expect(dialog.getByText('10 of 10 downloads left this month')).toBeVisible();
  });

  test('a guest is counted on the server: the guest limit holds across reloads', async ({
    page,
  }) => {
    await openHome(page);
    // The first tracked download starts the anonymous session (a cookie the page shares).
    for (let index = 1; index <= 10; index += 1) {
      await trackThroughApi(page, `/api/icons/e2e-guest-${index}.svg`, `Guest logo ${index}`);
    }

    await page.getByRole('button', { name: 'Download GitHub' }).click();
    await expect(
      toast(
        page,
        "You've reached the guest download limit. Create an account and upgrade to Premium to get unlimited downloads.",
      ),
    ).toBeVisible();

    // A reload (new page state, sessionStorage kept or not) does not reset the count.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await showHomeExamples(page);
    // The card already says the limit is reached, and offers the upgrade dialog instead.
    const card = examples(page).getByRole('button', { name: 'Download GitHub: Limit reached' });
    await expect(card).toHaveAccessibleDescription(LIMIT_PROMPT);
    await expectNoSeriousA11yViolations(page);
    await card.click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await expect(upgrade.getByText(LIMIT_PROMPT)).toBeVisible();
    await expect(upgrade.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(upgrade).toBeHidden();

    const dialog = await openDetails(page, 'GitHub');
    const download = dialog.getByRole('button', { name: 'Download GitHub: Limit reached' });
    await expect(download).toHaveAccessibleDescription(new RegExp(`^${LIMIT_PROMPT}`));
    await expect(
      dialog.getByText(
        "You've reached the guest download limit. Create an account and upgrade to Premium to get unlimited downloads.",
      ),
    ).toBeVisible();
    await download.click();
    await expect(upgrade.getByText(LIMIT_PROMPT)).toBeVisible();
    await expect(upgrade.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/auth?redirect=/premium',
    );
    await expect(upgrade.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
    // The link moves within the app and closes the dialog behind it.
    await upgrade.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/auth?redirect=/premium');
    await expect(upgrade).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sign-up for Premium' })).toBeVisible();
  });

  test('a guest sees the allowance for this browser session', async ({ page }) => {
    await openHome(page);
    const dialog = await openDetails(page, 'Figma');
    await expect(dialog.getByText('10 of 10 downloads left in this browser session')).toBeVisible();
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Figma' }).click();
    await saved;
    await expect(dialog.getByText('9 of 10 downloads left in this browser session')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Copy SVG is Premium', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a guest gets the premium prompt', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Copy SVG GitHub' }).click();
    await expect(toast(page, '✨ Premium Feature')).toBeVisible();
    await expect(toast(page, 'Direct SVG copying is a premium feature')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy SVG GitHub' })).toBeVisible();
  });

  test('a signed-in free user is told Premium is required, and Upgrade goes to /premium', async ({
    page,
  }) => {
    await signUpThroughApi(page, 'copyfree');
    await openHome(page);
    await page.getByRole('button', { name: 'Copy SVG GitHub' }).click();
    await expect(toast(page, 'Premium Subscription Required')).toBeVisible();
    await expect(
      toast(page, 'Direct SVG copying is a premium feature. Please upgrade to use this feature.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await expect(page).toHaveURL('/premium');
  });

  test('a Premium user copies the SVG code', async ({ page, signInAsPremium }) => {
    await signInAsPremium();
    await openHome(page);
    await page.getByRole('button', { name: 'Copy SVG GitHub' }).click();
    // The label lasts two seconds, the toast five: the shorter-lived one is looked at first.
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(toast(page, 'SVG Copied')).toBeVisible();
    await expect(
      toast(page, 'The SVG code has been copied to your clipboard for use in vector programs.'),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('<svg');
    await expect(page.getByRole('button', { name: 'Copy SVG GitHub' })).toBeVisible();
  });
});

test.describe('dashboard downloads', () => {
  test('a Premium user pages through the history and downloads again; usage is counted, unlimited', async ({
    page,
    grantPremium,
  }) => {
    await grantPremium((await signUpThroughApi(page, 'history')).id);
    // Commons files are offline here: their images fall back to the placeholder.
    await page.route('https://upload.wikimedia.org/**', (route) => route.abort('failed'));
    await trackThroughApi(
      page,
      'https://upload.wikimedia.org/wikipedia/commons/2/2f/Google_2015_logo.svg',
      'Google 2015 logo',
    );
    for (let index = 1; index <= 10; index += 1) {
      await trackThroughApi(page, `/api/icons/e2e-history-${index}.svg`, `History logo ${index}`);
    }
    await trackThroughApi(page, '/api/icons/github.svg', 'GitHub');

    await page.goto('/dashboard?tab=downloads');
    const card = page.getByRole('main');
    await expect(card.getByText('Your 12 most recent downloads')).toBeVisible();
    await expect(card.getByText('Showing 1 - 10 of 12 downloads')).toBeVisible();
    const rows = page.getByRole('list', { name: 'Downloaded logos' }).getByRole('listitem');
    await expect(rows).toHaveCount(10);
    // Newest first.
    const github = rows.first();
    await expect(github).toContainText('GitHub');
    await expect(github.getByText('File type: SVG')).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date());
    await expect(github.getByText(today)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'dashboard-history', { fullPage: true });

    const saved = page.waitForEvent('download');
    await github.getByRole('button', { name: 'Download Again GitHub' }).click();
    expect((await saved).suggestedFilename()).toBe('github.svg');
    await expect(toast(page, 'Download successful')).toBeVisible();
    await expect(toast(page, 'The SVG has been downloaded successfully.')).toBeVisible();

    // Downloading again updates the logo's entry (still on top) instead of adding one: 12 still.
    await expect(card.getByText('Showing 1 - 10 of 12 downloads')).toBeVisible();
    await expect(rows.first()).toContainText('GitHub');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(card.getByText('Showing 11 - 12 of 12 downloads')).toBeVisible();
    await expect(rows).toHaveCount(2);
    const google = rows.filter({ hasText: 'Google 2015 logo' });
    // Decorative (the title is beside it), so not an 'img' role: find the element itself.
    await expect(google.locator('img')).toHaveAttribute('src', '/placeholder-logo.png');
    await shot(page.getByRole('main'), 'dashboard-history-page2');
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(card.getByText('Showing 1 - 10 of 12 downloads')).toBeVisible();

    await page.getByRole('tab', { name: 'Account Info' }).click();
    const usage = page.getByRole('heading', { name: 'Download Usage' }).locator('xpath=../..');
    await expect(usage.getByText('Unlimited', { exact: true })).toBeVisible();
    // Premium downloads are counted (each logo once this period), without a limit.
    await expect(usage.getByText('12 downloads this period')).toBeVisible();
  });

  test('a free user sees usage out of 10, and history as a Premium feature', async ({ page }) => {
    await signUpThroughApi(page, 'usage');
    await trackThroughApi(page, '/api/icons/e2e-usage-1.svg');
    await trackThroughApi(page, '/api/icons/e2e-usage-2.svg');
    await trackThroughApi(page, '/api/icons/e2e-usage-3.svg');

    await page.goto('/dashboard');
    const usage = page.getByRole('heading', { name: 'Download Usage' }).locator('xpath=../..');
    await expect(usage.getByText('3/10')).toBeVisible();
    await expect(usage.getByRole('progressbar', { name: 'Downloads used' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    await expect(usage.getByText('Downloads remaining')).toBeVisible();
    await expect(usage.getByText('7', { exact: true })).toBeVisible();
    await expect(usage.getByText('Resets on')).toBeVisible();
    await shot(usage, 'usage-free');

    await page.getByRole('tab', { name: 'Downloads' }).click();
    await expect(page.getByText('Your 3 most recent downloads')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Download history is a Premium feature' }),
    ).toBeVisible();
    await expect(page.getByText('You have 3 downloads on record.', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a Premium user with no downloads gets the empty state', async ({ page, grantPremium }) => {
    await grantPremium((await signUpThroughApi(page, 'empty')).id);
    await page.goto('/dashboard?tab=downloads');
    await expect(page.getByText("You haven't downloaded any logos yet")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No download history found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse Logos' }).click();
    await expect(page).toHaveURL('/');
  });
});

test('the detail dialog with the allowance line has no serious accessibility issues', async ({
  page,
}) => {
  await signUpThroughApi(page, 'a11y');
  await openHome(page);
  await trackThroughApi(page, '/api/icons/e2e-a11y-1.svg');
  await trackThroughApi(page, '/api/icons/e2e-a11y-2.svg');
  await trackThroughApi(page, '/api/icons/e2e-a11y-3.svg');
  const dialog = await openDetails(page, 'Discord');
  await expect(dialog.getByText('7 of 10 downloads left this month')).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: 'Download Discord' }),
  ).toHaveAccessibleDescription('7 of 10 downloads left this month');
  await dialog.getByText('7 of 10 downloads left this month').scrollIntoViewIfNeeded();
  await shot(dialog, 'dialog-allowance');
  await expectNoSeriousA11yViolations(page);
});

test('the allowance line reads well in the dark theme too', async ({ page, darkTheme }) => {
  await darkTheme();
  await signUpThroughApi(page, 'dark');
  await openHome(page);
  for (let index = 1; index <= 10; index += 1) {
    await trackThroughApi(page, `/api/icons/e2e-dark-${index}.svg`);
  }
  const dialog = await openDetails(page, 'Airbnb');
  const upgrade = dialog.getByRole('button', { name: 'Upgrade', exact: true });
  await expect(upgrade).toBeVisible();
  await upgrade.scrollIntoViewIfNeeded();
  await shot(dialog, 'dialog-limit-reached-dark');
  await expectNoSeriousA11yViolations(page);
});

test('in the list view the selection box sits beside the logo, not over it', async ({
  page,
  signInAsPremium,
}) => {
  await signInAsPremium();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await openHome(page);
    await page.getByRole('radio', { name: 'List view' }).click();
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    const card = examples(page).getByRole('listitem').first();
    await card.getByRole('button', { name: 'Google', exact: true }).click();
    // The tick box is drawn for the eye; the title button says the state (aria-pressed).
    const mark = card.locator('.lucide-check').locator('..');
    const logo = (await card.getByRole('img', { name: 'Google' }).boundingBox())!;
    const box = (await mark.boundingBox())!;
    const apart =
      box.x >= logo.x + logo.width ||
      box.x + box.width <= logo.x ||
      box.y >= logo.y + logo.height ||
      box.y + box.height <= logo.y;
    expect(apart, `selection box ${JSON.stringify(box)} over logo ${JSON.stringify(logo)}`).toBe(
      true,
    );
    await shot(card, `list-selected-${width}`);
  }
});

test('the detail dialog has no empty column on a laptop, and its close button stays off the preview on a phone', async ({
  page,
  darkTheme,
}) => {
  await darkTheme();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHome(page);
  let dialog = await openDetails(page, 'GitHub');
  // The preview column reaches the bottom of the dialog, before and after scrolling its facts.
  const background = dialog.getByRole('radiogroup', { name: 'Preview background' });
  for (const scroll of ['top', 'end'] as const) {
    await dialog.evaluate((element, to) => {
      element.scrollTop = to === 'top' ? 0 : element.scrollHeight;
    }, scroll);
    const frame = (await dialog.boundingBox())!;
    const controls = (await background.boundingBox())!;
    expect(frame.y + frame.height - (controls.y + controls.height)).toBeLessThan(48);
    await shot(page, `dialog-1280-dark-${scroll}`);
  }
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await openDetails(page, 'GitHub');
  const close = (await dialog.getByRole('button', { name: 'Close details' }).boundingBox())!;
  const tile = (await dialog.getByRole('img', { name: 'GitHub' }).locator('..').boundingBox())!;
  expect(close.y + close.height <= tile.y || close.x + close.width <= tile.x).toBe(true);
  await shot(page, 'dialog-390-dark');
  await expectNoSeriousA11yViolations(page);
});
