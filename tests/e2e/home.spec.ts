import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolationsInBothThemes,
  shot,
  showHomeExamples,
  test,
} from './fixtures.ts';
import { POPULAR_EXAMPLES } from '../fixtures/popular-examples.ts';

function examples(page: Page) {
  return page.getByRole('list', { name: 'Popular logo examples' });
}

async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await showHomeExamples(page);
}

test.describe('home page', () => {
  test('shows the nine sample logos with their badges and actions', async ({ page }) => {
    await openHome(page);
    const list = examples(page);
    await expect(list.getByRole('listitem')).toHaveCount(9);
    for (const name of POPULAR_EXAMPLES) {
      await expect(list.getByRole('button', { name, exact: true })).toBeVisible();
    }

    const github = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'GitHub', exact: true }) });
    await expect(github.getByRole('img', { name: 'GitHub' })).toBeVisible();
    await expect(github.getByText('Unknown date')).toBeVisible();
    await expect(github.getByText('File type: SVG')).toBeVisible();
    await expect(github.getByText('License: CC0-1.0')).toBeVisible();
    await expect(github.getByRole('button', { name: 'Copy SVG GitHub' })).toBeVisible();
    await expect(github.getByRole('button', { name: 'Download GitHub' })).toBeVisible();
  });

  test('the examples load only once the visitor scrolls to them, and then work', async ({
    page,
  }) => {
    // A phone's page load leaves them out (docs/decisions/044-phone-page-load-work.md).
    await page.setViewportSize({ width: 390, height: 844 });
    const samples: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search/samples') samples.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(examples(page)).toHaveCount(0);
    expect(samples).toEqual([]);

    await showHomeExamples(page);
    await examples(page).getByRole('button', { name: 'GitHub', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'GitHub' })).toBeVisible();
    expect(samples).toHaveLength(1);
  });

  test('with no network beyond WikiLogos itself, the nine examples still load with their images', async ({
    page,
    baseURL,
  }) => {
    const ownOrigin = new URL(baseURL!).origin;
    const blocked: string[] = [];
    await page.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === ownOrigin) return route.continue();
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await openHome(page);
    const images = examples(page).getByRole('img');
    await expect(images).toHaveCount(9);
    for (const image of await images.all()) {
      // Decoded and drawn, not a broken-image placeholder.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    expect(blocked).toEqual([]);
  });

  test('suggestions offer catalogue names and recent searches, from the keyboard', async ({
    page,
  }) => {
    await openHome(page);
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('githu');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(
      suggestions.getByRole('option', { name: 'GitHub (company)', exact: true }),
    ).toBeVisible();

    await box.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await suggestions.getByRole('option').first().getAttribute('id')) ?? '',
    );
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // Enter takes the highlighted suggestion, so the highlight must be there before it.
    await box.press('ArrowDown');
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=GitHub&fileType=svg$/);

    // Back home, the empty box lists the visitor's own recent searches, which can be cleared.
    await openHome(page);
    await page.getByRole('combobox', { name: 'Search logos' }).focus();
    await expect(suggestions.getByRole('option', { name: 'GitHub (recent search)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear recent searches' }).click();
    await expect(suggestions.getByRole('option')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('once the box is used, catalogue names match in the browser with no request', async ({
    page,
  }) => {
    await openHome(page);
    // The names are not part of the first page: they load when the box is first used.
    const names = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/search/names' && response.ok(),
    );
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.focus();
    await names;
    // From here on no suggestion request may be needed: any would fail.
    const asked: string[] = [];
    await page.route('**/api/search/suggest**', (route) => {
      asked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await box.pressSequentially('spot');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(
      suggestions.getByRole('option', { name: 'Spotify (company)', exact: true }),
    ).toBeVisible();
    // Accents, case and word starts match as the server's suggestions do.
    await box.fill('');
    await box.pressSequentially('CITROE');
    await expect(
      suggestions.getByRole('option', { name: 'Citroën (company)', exact: true }),
    ).toBeVisible();
    await box.fill('');
    await box.pressSequentially('systèm');
    await expect(
      suggestions.getByRole('option', { name: 'Dassault Systèmes (company)', exact: true }),
    ).toBeVisible();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await suggestions.getByRole('option').first().getAttribute('id')) ?? '',
    );
    expect(asked).toEqual([]);
  });

  test("'/' focuses the search box, unless the visitor is typing", async ({ page }) => {
    await openHome(page);
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await page.getByRole('heading', { name: 'Popular Logo Examples' }).click();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.type('a/b');
    await expect(box).toHaveValue('a/b');
  });

  test('the Advanced Filters narrow the examples, show as chips and live in the address', async ({
    page,
  }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Advanced Filters' });
    await expect(filters.getByRole('radiogroup', { name: 'File Type' })).toBeVisible();
    for (const name of ['All Formats', 'SVG Only', 'PNG Only', 'JPG Only']) {
      await expect(filters.getByRole('radio', { name })).toBeVisible();
    }
    for (const name of ['Any time', 'Last 30 days', 'Last 90 days', 'Last year']) {
      await expect(filters.getByRole('radio', { name })).toBeVisible();
    }
    for (const name of ['Public Domain', 'Fair Use', 'CC BY', 'CC BY-SA']) {
      await expect(filters.getByRole('checkbox', { name, exact: true })).toBeVisible();
    }

    // Every example is an SVG under CC0, which is in the Public Domain family, without a date:
    // choices that would empty the examples are disabled, and say why.
    const reasons = [
      ['radio', 'PNG Only', 'No PNG or JPG files among these logos.'],
      ['radio', 'Last 30 days', 'No dates for these logos.'],
      ['radio', 'Last year', 'No dates for these logos.'],
      ['checkbox', 'CC BY-SA', 'None of these logos has a Fair Use, CC BY or CC BY-SA license.'],
    ] as const;
    for (const [role, name, reason] of reasons) {
      const choice = filters.getByRole(role, { name, exact: true });
      await expect(choice).toBeDisabled();
      await expect(choice).toHaveAccessibleDescription(reason);
    }
    await expect(filters.getByText('No dates for these logos.')).toBeVisible();
    await shot(filters, 'home-filters-disabled-reasons');
    await filters.getByRole('radio', { name: 'SVG Only' }).click();
    await filters.getByRole('checkbox', { name: 'Public Domain' }).click();
    await expect(page).toHaveURL('/?fileType=svg&license=public-domain');
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
    await page.keyboard.press('Escape');
    await expect(filters).toBeHidden();

    // A shared address can still ask for what none has: the chosen values stay changeable.
    await openHome(page, '/?fileType=png&license=cc-by-sa');
    await expect(page.getByRole('heading', { name: 'No logos match your filters' })).toBeVisible();
    await expect(page.getByText('Filters:')).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: PNG Only' }).click();
    await expect(page).toHaveURL('/?license=cc-by-sa');
    await expect(page.getByRole('button', { name: 'Remove filter: PNG Only' })).toBeHidden();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL('/');
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
    await expect(page.getByText('Filters:')).toBeHidden();
  });

  test('a search started with home filters takes them along', async ({ page }) => {
    await openHome(page, '/?fileType=png&license=cc-by-sa');
    const box = page.getByRole('combobox', { name: 'Search logos' });
    await box.fill('google');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=google&fileType=png&license=cc-by-sa');
  });

  test('batch mode selects logos instead of opening them, and Select All takes every filtered one', async ({
    page,
    signInAsPremium,
  }) => {
    // Batch mode is Premium.
    await signInAsPremium();
    await openHome(page);
    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    await expect(page.getByRole('button', { name: 'Select All' })).toBeHidden();
    await page.getByRole('switch', { name: 'Batch Select' }).click();

    await panel.getByRole('button', { name: 'Select All' }).click();
    await expect(panel.getByText('9 selected')).toBeVisible();
    const apple = examples(page).getByRole('button', { name: 'Apple', exact: true });
    await expect(apple).toHaveAttribute('aria-pressed', 'true');

    await apple.click();
    await expect(apple).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByText('8 selected')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    await panel.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(panel.getByText('0 selected')).toBeVisible();
    await apple.click();
    await expect(panel.getByText('1 selected')).toBeVisible();

    // Turning batch mode off clears the selection; a click opens the details again.
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    await expect(apple).not.toHaveAttribute('aria-pressed');
    await apple.click();
    await expect(page.getByRole('dialog', { name: 'Apple' })).toBeVisible();
  });

  test('the layout toggle switches between grid and list, and is remembered', async ({ page }) => {
    await openHome(page);
    const grid = page.getByRole('radio', { name: 'Grid view' });
    const list = page.getByRole('radio', { name: 'List view' });
    await expect(grid).toHaveAttribute('aria-checked', 'true');
    await list.click();
    await expect(list).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
  });

  test('a sample opens its details: brand colour, license, source; Esc closes', async ({
    page,
  }) => {
    await openHome(page);
    const card = examples(page).getByRole('button', { name: 'GitHub', exact: true });
    await card.click();

    const dialog = page.getByRole('dialog', { name: 'GitHub' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('#181717')).toBeVisible();
    await expect(dialog.getByRole('definition').filter({ hasText: 'CC0-1.0' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Visit Source Page/ })).toHaveAttribute(
      'href',
      'https://github.com/logos',
    );
    await expect(dialog.getByRole('link', { name: /Visit Source Page/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
  });

  test('Download saves the file under its title', async ({ page }) => {
    await openHome(page);
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Spotify' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('spotify.svg');
  });

  test('a phone shows the search and the examples in one column @mobile', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toBeVisible();
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
    const overflows = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflows).toBe(false);

    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const filters = page.getByRole('dialog', { name: 'Advanced Filters' });
    // The three columns fit a phone screen without scrolling.
    await expect(filters.getByRole('radio', { name: 'JPG Only' })).toBeInViewport();
    await expect(filters.getByRole('radio', { name: 'Last year' })).toBeInViewport();
    await expect(filters.getByRole('checkbox', { name: 'CC BY-SA' })).toBeInViewport();
  });
});

test.describe('home accessibility, light and dark themes', () => {
  test('the home page with its examples has no serious problems', async ({ page }) => {
    await openHome(page);
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the open filters, suggestions and batch mode have no serious problems', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openHome(page);
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    await page
      .getByRole('region', { name: 'Batch download', exact: true })
      .getByRole('button', { name: 'Select All' })
      .click();
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    await page
      .getByRole('dialog', { name: 'Advanced Filters' })
      .getByRole('radio', { name: 'SVG Only' })
      .click();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await page.keyboard.press('Escape');
    // The dialog hands focus back to its trigger once it has closed; typing before that would
    // have the search box lose focus (and its suggestions) a moment later on a busy machine.
    await expect(page.getByRole('dialog', { name: 'Advanced Filters' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Advanced Filters' })).toBeFocused();

    await page.getByRole('combobox', { name: 'Search logos' }).fill('sp');
    await expect(
      page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the logo details dialog has no serious problems', async ({ page }) => {
    await openHome(page);
    await examples(page).getByRole('button', { name: 'Spotify', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Spotify' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});
