import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  shot,
  test,
} from './fixtures.ts';

// A company's logo history (/brand/:qid) and search by website, against the Wikimedia stand-in:
// Microsoft (Q2283) has its 2012 logo (preferred) and its 1987 one (1987–2012); netflix.com is
// Netflix's official website; nobody's is stripe.com.

const timeline = (page: Page, name: string) =>
  page.getByRole('list', { name: `${name} logos, newest first` });

test.describe('logo history', () => {
  test('a card’s Logo history leads to the company page: the timeline newest first, titled on the server', async ({
    page,
    request,
  }) => {
    // Two pages, a dialog and an axe scan in both themes.
    test.slow();
    // The page as the server sends it, before any script: title and the timeline are in the HTML
    // (once the company is cached: a cold look-up longer than a second is left to the browser).
    expect((await request.get('/api/brands/Q2283')).ok()).toBe(true);
    const html = await (await request.get('/brand/Q2283')).text();
    expect(html).toContain('<title>Microsoft logo history - WikiLogos</title>');
    expect(html).toContain('Microsoft logo (1987)');

    await page.goto('/search?q=microsoft');
    const official = page
      .getByRole('list', { name: 'Results for microsoft' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Microsoft logo (2012)', exact: true }) });
    await official.getByRole('link', { name: /Logo history/ }).click();

    await expect(page).toHaveURL(/\/brand\/Q2283$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Microsoft logo history');
    await expect(page).toHaveTitle('Microsoft logo history - WikiLogos');
    await expect(page.getByRole('link', { name: /microsoft\.com/ })).toHaveAttribute(
      'href',
      'https://www.microsoft.com/',
    );
    const entries = timeline(page, 'Microsoft').getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Since 2012');
    await expect(entries.nth(0)).toContainText('Current logo');
    await expect(entries.nth(0).getByRole('heading')).toHaveText('Microsoft logo (2012)');
    await expect(entries.nth(1)).toContainText('1987 – 2012');
    await expect(entries.nth(1)).not.toContainText('Current logo');
    await expect(entries.nth(1).getByRole('heading')).toHaveText('Microsoft logo (1987)');

    // Other logos on Commons, with the usual card actions and details.
    const others = page.getByRole('list', { name: 'Other Microsoft logos' });
    await expect(
      others.getByRole('button', { name: 'Microsoft logo and wordmark', exact: true }),
    ).toBeVisible();
    await entries
      .nth(1)
      .getByRole('button', { name: 'Microsoft logo (1987)', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Microsoft logo (1987)' });
    await expect(dialog.getByRole('button', { name: /^Download/ }).first()).toBeVisible();
    await shot(page, 'brand-desktop', { fullPage: true });
    await page.keyboard.press('Escape');

    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('an id Wikidata does not have is a 404 page', async ({ page }) => {
    const response = await page.goto('/brand/Q424242424');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company not found');
  });

  test('the history on a phone, dark: one column, nothing sideways @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/brand/Q47719');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pepsi logo history');
    const entries = timeline(page, 'Pepsi').getByRole('listitem');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(2)).toContainText('1950 – 1962');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await shot(page, 'brand-mobile-dark', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('search by website', () => {
  test('a website in the home search box finds its company, official logo first; an unknown one offers its words', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('https://www.netflix.com/');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /results for "Netflix" \(netflix\.com\)$/,
    );
    const results = page.getByRole('list', { name: 'Results for https://www.netflix.com/' });
    await expect(results.getByRole('listitem').first().getByRole('heading')).toHaveText(
      'Netflix 2015 logo',
    );
    await expect(results.getByRole('listitem').first()).toContainText('Official');

    await page.goto('/search?q=stripe.com');
    await expect(page.getByText('No company found for stripe.com.')).toBeVisible();
    await shot(page, 'website-no-match');
    await page.getByRole('link', { name: 'Search for "stripe"' }).click();
    await expect(page).toHaveURL(/\/search\?q=stripe$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results? for "stripe"/);
  });
});
