import type { Page, Route } from '@playwright/test';
import { OFFICIAL_LOGO_MESSAGES } from '#shared/search/search.schemas.ts';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  shot,
  test,
} from './fixtures.ts';

// The server searches the local Wikimedia stand-in (tests/fakes): 'google' has two Commons pages
// and Wikidata's official logo 'Google 2015 logo' first; unknown names find nothing.

function results(page: Page, query: string) {
  return page.getByRole('list', { name: `Results for ${query}` });
}

function card(page: Page, query: string, title: string) {
  return results(page, query)
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: title, exact: true }),
    });
}

const resultsHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Holds matching API requests until `release()`, so a loading state can be looked at. */
async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('search results', () => {
  test('a search from home shows the spinner, then the results with badges and the count', async ({
    page,
  }) => {
    await page.goto('/');
    // Both answers: the first one (without Wikidata) and the whole one.
    const release = await holdRequests(page, /\/api\/search(\/first)?\?q=google/);
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('google');
    await box.press('Enter');

    await expect(page).toHaveURL('/search?q=google&fileType=svg');
    await expect(page.getByRole('heading', { name: 'Searching for logos...' })).toBeVisible();
    await expect(results(page, 'google')).toBeHidden();
    release();

    // More can load (Commons has another page), and the count says so.
    await expect(resultsHeading(page)).toHaveText(/^\d+\+ results for "google"$/);
    await expect(page).toHaveTitle('google - WikiLogos Search');
    const first = results(page, 'google').getByRole('listitem').first();
    await expect(
      first.getByRole('button', { name: 'Google 2015 logo', exact: true }),
    ).toBeVisible();
    await expect(first.getByText('Official')).toBeVisible();
    await expect(first.getByText('File type: SVG')).toBeVisible();
    await expect(first.getByText('License: Public domain')).toBeVisible();
    await expect(first.getByText('October 28, 2020')).toBeVisible();

    // The count matches the cards, and screen readers hear it.
    const count = parseInt((await resultsHeading(page).textContent()) ?? '', 10);
    await expect(results(page, 'google').getByRole('listitem')).toHaveCount(Math.min(count, 12));
    await expect(page.getByRole('status').filter({ hasText: /results for "google"/ })).toHaveCount(
      1,
    );
  });

  test('the first logos show before Wikidata answers; the official logo joins first without taking the focus away', async ({
    page,
  }) => {
    // A phone: one column, so a card that moves down a place moves down the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The whole answer waits; the first one (Commons and the catalogue) comes through.
    const release = await holdRequests(page, /\/api\/search\?q=apple/);
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('apple');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=apple&fileType=svg');

    const items = results(page, 'apple').getByRole('listitem');
    // Second in the first answer; Wikidata's former logo (the rainbow one) goes before it.
    const moving = card(page, 'apple', 'Apple logo white');
    await expect(moving).toBeVisible();
    await expect(items.nth(1)).toContainText('Apple logo white');
    await expect(items.getByText('Official')).toHaveCount(0);
    // More is coming, and the count says so; so does the page.
    await expect(resultsHeading(page)).toHaveText(/^\d+\+ results for "apple"$/);
    const finding = page.getByText(OFFICIAL_LOGO_MESSAGES.finding, { exact: true });
    await expect(finding).toBeVisible();
    await shot(page, 'search-finding-official-phone');
    await expectNoSeriousA11yViolations(page);

    // The visitor is on that card when the official logos arrive.
    const focused = moving.getByRole('button', { name: 'Apple logo white', exact: true });
    await focused.focus();
    await expect(focused).toBeFocused();
    const topOf = () => focused.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const before = await topOf();
    release();

    const first = items.first();
    await expect(first.getByText('Official')).toBeVisible();
    await expect(
      first.getByRole('button', { name: 'Apple logo black', exact: true }),
    ).toBeVisible();
    await expect(items.nth(2)).toContainText('Apple logo white');
    // The same card keeps the focus, at the same height on the screen.
    await expect(focused).toBeFocused();
    expect(
      await page.evaluate(() => document.activeElement?.closest('li')?.textContent ?? ''),
    ).toContain('Apple logo white');
    expect(await topOf()).toBe(before);
    await shot(page, 'search-official-joined-phone');

    // An honest count: exactly the cards shown, and screen readers hear the official logo joined.
    await expect(resultsHeading(page)).toHaveText(/^\d+ results for "apple"$/);
    const count = parseInt((await resultsHeading(page).textContent()) ?? '', 10);
    await expect(items).toHaveCount(count);
    await expect(finding).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: OFFICIAL_LOGO_MESSAGES.added }),
    ).toHaveCount(1);
  });

  test('scrolling to the end shows more, and fetches the next page when the loaded ones run out', async ({
    page,
  }) => {
    // All formats: the first page has more than twelve logos; page 1 holds six more.
    const release = await holdRequests(page, /\/api\/search\?q=google.*&page=1/);
    await page.goto('/search?q=google');
    const items = results(page, 'google').getByRole('listitem');
    await expect(items).toHaveCount(12);
    // The count never grows without saying so: while more can load it reads '14+'.
    await expect(resultsHeading(page)).toHaveText('14+ results for "google"');
    const end = page.getByText('That\'s every logo for "google".');
    await expect(end).toBeHidden();

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByText('Loading more results...')).toBeVisible();
    await expect(items).toHaveCount(14);
    release();

    await expect(resultsHeading(page)).toHaveText('20 results for "google"');
    await expect(page.getByText('Loading more results...')).toBeHidden();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(20);
    await expect(
      items.getByRole('button', { name: 'Google wordmark 2015 (monochrome)', exact: true }),
    ).toBeVisible();
    // The end of the list is marked, so nobody waits for more.
    await expect(end).toBeVisible();
  });

  test('File Type, Date and License filters change the address and the results', async ({
    page,
  }) => {
    await page.goto('/search?q=google&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/results for "google"/);
    await expect(card(page, 'google', 'Google 2015 logo')).toBeVisible();

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Advanced Filters' });
    for (const name of ['All Formats', 'SVG', 'PNG', 'JPG', 'GIF', 'WebP']) {
      await expect(filters.getByRole('radio', { name, exact: true })).toBeVisible();
    }
    for (const name of ['All time', 'Last 30 days', 'Last 90 days', 'Last year']) {
      await expect(filters.getByRole('radio', { name })).toBeVisible();
    }
    await expect(filters.getByRole('checkbox', { name: 'CC BY-SA' })).toBeEnabled();

    await filters.getByRole('radio', { name: 'PNG', exact: true }).click();
    await expect(page).toHaveURL('/search?q=google&fileType=png');
    await expect(card(page, 'google', 'Google 2011 logo')).toBeVisible();
    await expect(card(page, 'google', 'Google 2015 logo')).toBeHidden();
    for (const badge of await results(page, 'google')
      .getByText(/^(SVG|PNG|JPG|GIF)$/)
      .all()) {
      await expect(badge).toHaveText('PNG');
    }

    // All Formats removes fileType from the address.
    await filters.getByRole('radio', { name: 'All Formats' }).click();
    await expect(page).toHaveURL('/search?q=google');
    await expect(card(page, 'google', 'Google 2015 logo')).toBeVisible();

    // License really filters, by family: 'CC BY-SA 4.0' is CC BY-SA.
    await filters.getByRole('checkbox', { name: 'CC BY-SA' }).click();
    await expect(page).toHaveURL('/search?q=google&license=cc-by-sa');
    await expect(resultsHeading(page)).toHaveText(/^\d+\+? results? for "google"$/);
    await expect(card(page, 'google', 'Googleplex sign, Mountain View (2023)')).toBeVisible();
    await expect(card(page, 'google', 'Google 2015 logo')).toBeHidden();
    await filters.getByRole('checkbox', { name: 'CC BY-SA' }).click();
    await expect(page).toHaveURL('/search?q=google');

    // Date really filters by dateAdded: every recorded file is older than 90 days.
    await page.goto('/search?q=google&dateFilter=90d');
    await expect(page.getByText('Showing logos added in the last 90 days.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No logos match your filters' })).toBeVisible();
    // Until the last page is in, nothing is promised; then the count is exact.
    await expect(resultsHeading(page)).toHaveText('No results yet for "google"');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(resultsHeading(page)).toHaveText('0 results for "google"');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL('/search?q=google');
    await expect(card(page, 'google', 'Google 2015 logo')).toBeVisible();
  });

  test('the official current logo comes first whatever its format, then the former ones', async ({
    page,
  }) => {
    // 'pepsi' names the drink on Wikidata, not its maker PepsiCo; its preferred logo is a PNG,
    // beside a 2014 SVG with normal rank and no end date.
    await page.goto('/search?q=pepsi');
    await expect(resultsHeading(page)).toHaveText(/results for "pepsi"/);
    const items = results(page, 'pepsi').getByRole('listitem');
    const expected = [
      ['Pepsi logo (2023)', 'Official', 'PNG'],
      ['Pepsi logo 2014', 'Former logo', 'SVG'],
      ['Pepsi-Cola logo (1950–1962)', 'Former logo', 'SVG'],
    ] as const;
    for (const [index, [title, badge, type]] of expected.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('button', { name: title, exact: true })).toBeVisible();
      await expect(item.getByText(badge, { exact: true })).toBeVisible();
      await expect(item.getByText(`File type: ${type}`)).toBeVisible();
    }
    await expect(card(page, 'pepsi', 'PepsiCo logo').getByText('Official')).toBeHidden();
    await shot(page, 'search-pepsi-official-first');
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('WebP results can be filtered from the File Type choices', async ({ page }) => {
    await page.goto('/search?q=spotify');
    await expect(card(page, 'spotify', 'Spotify app icon (2024)')).toBeVisible();
    await expect(card(page, 'spotify', 'Spotify logo with text')).toBeVisible();

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Advanced Filters' });
    await filters.getByRole('radio', { name: 'WebP', exact: true }).click();
    await expect(page).toHaveURL('/search?q=spotify&fileType=webp');
    await shot(page, 'search-webp-filter');
    await page.keyboard.press('Escape');
    await expect(resultsHeading(page)).toHaveText('1 result for "spotify"');
    await expect(card(page, 'spotify', 'Spotify app icon (2024)')).toBeVisible();
    await expect(card(page, 'spotify', 'Spotify logo with text')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Remove filter: WebP' })).toBeVisible();

    // The address is read in any case.
    await page.goto('/search?q=spotify&fileType=WEBP');
    await expect(resultsHeading(page)).toHaveText('1 result for "spotify"');
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('typing in the box searches after a pause and updates the address in place', async ({
    page,
  }) => {
    await page.goto('/search?q=google&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/results for "google"/);
    const historyLength = await page.evaluate(() => history.length);

    await page.getByRole('combobox', { name: 'Search logos' }).fill('apple');
    await expect(page).toHaveURL('/search?q=apple&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/^\d+ results for "apple"$/);
    // Wikidata's official Apple logo comes first.
    const first = results(page, 'apple').getByRole('listitem').first();
    await expect(
      first.getByRole('button', { name: 'Apple logo black', exact: true }),
    ).toBeVisible();
    await expect(first.getByText('Official')).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  test.describe('with clipboard access', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('the details dialog shows license, author and a credit line, and copies it', async ({
      page,
    }) => {
      await page.goto('/search?q=google&fileType=svg');
      await results(page, 'google')
        .getByRole('button', { name: 'Google 2015 logo', exact: true })
        .click();

      const dialog = page.getByRole('dialog', { name: 'Google 2015 logo' });
      await expect(dialog).toBeVisible();
      const fact = (term: string) =>
        dialog.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
      await expect(fact('License')).toHaveText('Public domain');
      await expect(fact('Author')).toHaveText('Google');
      await expect(fact('Date added')).toHaveText('October 28, 2020');
      await expect(fact('File type')).toHaveText('SVG');
      await expect(fact('Size')).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
      await expect(dialog.getByText('Official')).toBeVisible();
      await expect(dialog.getByRole('link', { name: /Visit Source Page/ })).toHaveAttribute(
        'rel',
        /noopener/,
      );
      await expect(
        dialog.getByText(
          '"Google 2015 logo" by Google, via Wikimedia Commons, Public domain, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
        ),
      ).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Download/ })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Copy SVG/ })).toBeVisible();

      await dialog.getByRole('button', { name: 'Copy attribution' }).click();
      await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        '"Google 2015 logo" by Google, via Wikimedia Commons, Public domain, https://commons.wikimedia.org/wiki/File:Google_2015_logo.svg',
      );
    });

    test('a raster logo offers Copy image, never a Copy SVG that could only fail', async ({
      page,
    }) => {
      await page.goto('/search?q=google&fileType=png');
      const png = card(page, 'google', 'Google 2011 logo');
      await expect(png.getByRole('button', { name: /^Copy image/ })).toBeVisible();
      await expect(png.getByRole('button', { name: /^Copy SVG/ })).toHaveCount(0);
    });
  });

  test('when Commons fails for a name, catalogue results come with a visible notice', async ({
    page,
    request,
  }) => {
    // Dropbox is searched by no other journey: a search another one made (journeys run in
    // parallel) would sit in the server's cache and hide the fault.
    const control = `${process.env.E2E_FAKE_URL}/__control`;
    await request.post(control, { data: { names: { dropbox: { kind: 'refuse' } } } });
    try {
      await page.goto('/search?q=dropbox&fileType=svg');
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Wikimedia Commons is not reachable right now' });
      await expect(notice).toBeVisible();
      await expect(
        results(page, 'dropbox').getByRole('button', { name: 'Dropbox', exact: true }),
      ).toBeVisible();
      await expect(resultsHeading(page)).toHaveText(/^\d+ results? for "dropbox"$/);
    } finally {
      await request.post(control, { data: { names: { dropbox: null } } });
    }
  });

  test('a filter that hides every result offers Clear Filters, which keeps the query; a search with no results says so and Clear Search returns home', async ({
    page,
  }) => {
    // Microsoft has SVG, JPG and GIF files but no PNG: the filter, not the query, found nothing.
    await page.goto('/search?q=microsoft&fileType=png');
    await expect(page.getByRole('heading', { name: 'No logos match your filters' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeHidden();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL('/search?q=microsoft');
    await expect(card(page, 'microsoft', 'Microsoft logo (2012)')).toBeVisible();

    await page.goto('/search?q=nosuchcompany&fileType=svg');
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(
      page.getByText(
        "We couldn't find any logos matching your search. Try using different keywords or check your spelling.",
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page).toHaveURL('/');
  });

  test("a failed search is retried once, then raises 'Search failed' with the server's message", async ({
    page,
  }) => {
    let calls = 0;
    await page.route(/\/api\/search\?q=broken/, async (route) => {
      calls += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The search service is resting.' }),
      });
    });
    // Searched from the home page: the browser asks the API (a results page loaded directly comes
    // with its results rendered by the server).
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('broken');
    await box.press('Enter');
    await expect(page.getByText('Search failed', { exact: true }).first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText('The search service is resting.'),
    ).toBeVisible();
    expect(calls).toBe(2);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  test('batch mode: Select All loads every result first, then selects them all; a new query cancels it', async ({
    page,
    signInAsPremium,
  }) => {
    // Batch mode is Premium. All formats: 14 logos on the first page, 20 in all.
    await signInAsPremium();
    let release = await holdRequests(page, /\/api\/search\?q=google.*&page=1/);
    await page.goto('/search?q=google');
    await expect(resultsHeading(page)).toHaveText('14+ results for "google"');

    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    await panel.getByRole('button', { name: 'Select All' }).click();
    await expect(panel.getByRole('status')).toHaveText('Loading all results… 14 found so far');
    await expect(panel.getByText('0 selected')).toBeVisible();
    await shot(panel, 'batch-panel-loading-all');
    release();

    await expect(panel.getByText('20 selected')).toBeVisible();
    await expect(resultsHeading(page)).toHaveText('20 results for "google"');
    await expect(panel.getByRole('status')).toBeHidden();

    const logo = results(page, 'google').getByRole('button', {
      name: 'Google 2015 logo',
      exact: true,
    });
    await expect(logo).toHaveAttribute('aria-pressed', 'true');
    await logo.click();
    await expect(logo).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByText('19 selected')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await panel.getByRole('button', { name: 'Clear Selection' }).click();

    // A new query while the rest loads cancels Select All: nothing from either search is picked.
    await page.unrouteAll();
    release = await holdRequests(page, /\/api\/search\?q=google.*&page=1/);
    await page.goto('/search?q=google');
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    await panel.getByRole('button', { name: 'Select All' }).click();
    await expect(panel.getByRole('status')).toHaveText(/Loading all results/);
    await page.getByRole('combobox', { name: 'Search logos' }).fill('microsoft');
    await expect(resultsHeading(page)).toHaveText(/results for "microsoft"/);
    await expect(panel.getByRole('status')).toBeHidden();
    release();
    await expect(panel.getByText('0 selected')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Select All' })).toBeEnabled();
  });

  test('several names: results grouped by name, chips jump to a group, arrows cross groups, Select all of one name', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await page.goto('/search?q=google%2C%20apple&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/results for "google, apple"$/);
    const googleList = results(page, 'google');
    const appleList = results(page, 'apple');
    await expect(
      googleList.getByRole('button', { name: 'Google 2015 logo', exact: true }),
    ).toBeVisible();
    await expect(
      appleList.getByRole('button', { name: 'Apple logo black', exact: true }),
    ).toBeVisible();
    await expect(
      googleList.getByRole('button', { name: 'Apple logo black', exact: true }),
    ).toBeHidden();
    const appleGroup = page.getByRole('region', { name: 'apple', exact: true });
    await expect(appleGroup.getByText(/^\d+\+? logos?$/)).toBeVisible();
    await shot(page, 'search-groups');

    // A chip under the heading jumps to its group's heading.
    await page.getByRole('button', { name: 'apple', exact: true }).click();
    const appleHeading = appleGroup.getByRole('heading', { level: 2, name: 'apple' });
    await expect(appleHeading).toBeFocused();
    await expect(appleHeading).toBeInViewport();

    // The arrow keys go on from the last card of one group to the first of the next.
    const lastGoogle = googleList.getByRole('listitem').last().locator('[data-card-trigger]');
    const firstApple = appleList.getByRole('listitem').first().locator('[data-card-trigger]');
    await lastGoogle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(firstApple).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(lastGoogle).toBeFocused();

    // 'Select all of apple' picks that name's logos only (every page of them).
    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    await appleGroup.getByRole('button', { name: 'Select all of apple' }).click();
    await expect(panel.getByRole('status')).toBeHidden();
    const appleCount = Number(
      (await appleGroup.getByText(/^\d+ logos?$/).textContent())?.split(' ')[0],
    );
    expect(appleCount).toBeGreaterThan(1);
    await expect(panel.getByText(`${appleCount} selected`)).toBeVisible();
    await expect(
      appleList.getByRole('button', { name: 'Apple logo black', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      googleList.getByRole('button', { name: 'Google 2015 logo', exact: true }),
    ).toHaveAttribute('aria-pressed', 'false');
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('filter choices that no loaded result has are disabled, with the reason', async ({
    page,
  }) => {
    // Spotify's results are all in on the first page, and none was added in the last year.
    await page.goto('/search?q=spotify');
    await expect(resultsHeading(page)).toHaveText(/^\d+ results for "spotify"$/);
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Advanced Filters' });
    const lastYear = filters.getByRole('radio', { name: 'Last year' });
    await expect(lastYear).toBeDisabled();
    await expect(lastYear).toHaveAccessibleDescription(
      'None of these logos was added in the last 30 days, last 90 days or last year.',
    );
    await expect(filters.getByRole('radio', { name: 'All time' })).toBeEnabled();
    // File types go to the server, which finds more: never disabled here.
    await expect(filters.getByRole('radio', { name: 'GIF', exact: true })).toBeEnabled();
  });

  test('from the keyboard: / focuses the box, Tab reaches the cards, Enter opens, Esc closes', async ({
    page,
  }) => {
    await page.goto('/search?q=google&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/results for "google"/);
    await resultsHeading(page).click();
    await page.keyboard.press('/');
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toBeFocused();

    await page.getByRole('button', { name: 'Remove filter: SVG' }).focus();
    await page.keyboard.press('Tab');
    const logo = results(page, 'google').getByRole('button', {
      name: 'Google 2015 logo',
      exact: true,
    });
    await expect(logo).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Google 2015 logo' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(logo).toBeFocused();

    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
  });

  test('results on a phone: one column, no sideways scrolling, the dialog fits @mobile', async ({
    page,
  }) => {
    await page.goto('/search?q=google&fileType=svg');
    await expect(resultsHeading(page)).toHaveText(/results for "google"/);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);

    await results(page, 'google')
      .getByRole('button', { name: 'Google 2015 logo', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Google 2015 logo' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close details' })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Copy attribution' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Copy attribution' })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Close details' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('file types on a phone', () => {
  test('the WebP choice fits the filters on a 390 px screen @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?q=spotify');
    await expect(resultsHeading(page)).toHaveText(/results for "spotify"/);
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const webp = page
      .getByRole('dialog', { name: 'Advanced Filters' })
      .getByRole('radio', { name: 'WebP', exact: true });
    await webp.scrollIntoViewIfNeeded();
    await expect(webp).toBeInViewport();
    await shot(page, 'search-webp-filter-mobile');
    await webp.click();
    await expect(page).toHaveURL('/search?q=spotify&fileType=webp');
    await page.keyboard.press('Escape');
    await expect(resultsHeading(page)).toHaveText('1 result for "spotify"');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await shot(page, 'search-webp-results-mobile');
  });
});

test.describe('search accessibility, light and dark themes', () => {
  test('the results page has no serious problems', async ({ page }) => {
    await page.goto('/search?q=google&fileType=svg&license=public-domain');
    await expect(resultsHeading(page)).toHaveText(/results for "google"/);
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the details dialog and the warning notice have no serious problems', async ({ page }) => {
    await page.goto('/search?q=google&fileType=svg');
    await results(page, 'google')
      .getByRole('button', { name: 'Google 2015 logo', exact: true })
      .click();
    await expect(page.getByRole('dialog', { name: 'Google 2015 logo' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the empty and no-match states have no serious problems', async ({ page }) => {
    await page.goto('/search?q=nosuchcompany');
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await page.goto('/search?q=google&dateFilter=30d');
    await expect(page.getByRole('heading', { name: 'No logos match your filters' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});
