import type { Page } from '@playwright/test';
import {
  exampleCard,
  expect,
  expectNoSeriousA11yViolationsInBothThemes,
  openHomeExamples,
  signUpThroughApi,
  test,
  shot,
} from './fixtures.ts';

// The copy menu beside Copy SVG (docs/product.md#copy-svg), on the home page's catalogue icons,
// which need no network beyond the app. Code formats are Premium like Copy SVG; the credit line is
// for all.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const GITHUB_MARKDOWN_CREDIT =
  '"[GitHub](<https://github.com/logos>)", via Simple Icons, [CC0-1.0](<https://creativecommons.org/publicdomain/zero/1.0/>)';

/** Opens a card's copy menu and chooses `format` (its visible name). */
async function copyFromCard(page: Page, title: string, format: string) {
  await exampleCard(page, title)
    .getByRole('button', { name: `More copy formats for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: format, exact: true }).click();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a Premium user copies a logo as a React component, and as a data URI from the keyboard', async ({
  page,
  signInAsPremium,
}) => {
  await signInAsPremium();
  await openHomeExamples(page);

  await copyFromCard(page, 'GitHub', 'React component');
  // The label lasts two seconds, the toast five: the shorter-lived one is looked at first.
  await expect(exampleCard(page, 'GitHub').getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(toast(page, 'React Component Copied')).toBeVisible();
  await expect(toast(page, 'Paste it into a .tsx file: it exports <GitHubLogo />.')).toBeVisible();
  const component = await clipboard(page);
  expect(component).toMatch(/^import type \{ SVGProps \} from 'react';\n/);
  expect(component).toContain('export function GitHubLogo({');
  expect(component).toContain('title = "GitHub",');
  expect(component).toContain('}: SVGProps<SVGSVGElement> & { title?: string }) {');
  expect(component).toMatch(/\n {4}<svg [^\n]*fill="#181717"[^\n]* role="img" \{\.\.\.props\}>\n/);
  expect(component).toMatch(/<svg [^\n]*viewBox="0 0 24 24"/);
  expect(component).toContain('<title>{title}</title>');
  expect(component).toMatch(/<path d="M12 [^"]+" \/>/);
  // The label comes back after two seconds.
  await expect(
    exampleCard(page, 'GitHub').getByRole('button', { name: 'Copy SVG GitHub' }),
  ).toBeVisible();

  // The same menu without a mouse: Enter opens it on its first item, the arrows move, Enter copies.
  // The pointer is moved out of the way first: left over the page, Chromium reports it over a menu
  // that opens beneath it, and the menu follows the pointer as it should.
  await page.mouse.move(0, 0);
  const trigger = exampleCard(page, 'Figma').getByRole('button', {
    name: 'More copy formats for Figma',
  });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'SVG', exact: true })).toBeFocused();
  // Radix moves focus a tick after each arrow key, so each step is awaited before the next key:
  // two keys sent back to back can both land on the first item on a busy machine.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Optimised SVG', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Data URI', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Data URI Copied')).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
  const uri = await clipboard(page);
  expect(uri).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
  // It is a working image: the browser draws it at the logo's size.
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, uri);
  expect(size).toEqual([24, 24]);
});

test('a guest copies the attribution as Markdown, from a card and from the details', async ({
  page,
}) => {
  await openHomeExamples(page);
  await copyFromCard(page, 'GitHub', 'Markdown');
  await expect(toast(page, 'Attribution copied')).toBeVisible();
  expect(await clipboard(page)).toBe(GITHUB_MARKDOWN_CREDIT);

  await exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  await expect(
    dialog.getByText(
      '"GitHub", via Simple Icons, CC0-1.0 (https://creativecommons.org/publicdomain/zero/1.0/), https://github.com/logos',
    ),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'HTML' }).click();
  await expect(
    dialog.getByText(
      '"<a href="https://github.com/logos">GitHub</a>", via Simple Icons, <a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0-1.0</a>',
    ),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Markdown' }).click();
  await expect(dialog.getByText(GITHUB_MARKDOWN_CREDIT)).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await dialog.getByRole('button', { name: 'Copy attribution' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await clipboard(page)).toBe(GITHUB_MARKDOWN_CREDIT);
});

test('code formats are Premium: a free user is told so and a guest gets the premium prompt', async ({
  page,
}) => {
  await openHomeExamples(page);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await copyFromCard(page, 'GitHub', 'React component');
  await expect(toast(page, '✨ Premium Feature')).toBeVisible();
  await expect(toast(page, 'Direct SVG copying is a premium feature')).toBeVisible();

  await signUpThroughApi(page, 'copymenufree');
  await openHomeExamples(page);
  await copyFromCard(page, 'GitHub', 'Optimised SVG');
  await expect(toast(page, 'Premium Subscription Required')).toBeVisible();
  await expect(
    toast(page, 'Direct SVG copying is a premium feature. Please upgrade to use this feature.'),
  ).toBeVisible();
  expect(await clipboard(page)).toBe('untouched');
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(page).toHaveURL('/premium');
});

test('the copy menu passes axe in the light and dark themes', async ({ page }) => {
  await openHomeExamples(page);
  await exampleCard(page, 'GitHub')
    .getByRole('button', { name: 'More copy formats for GitHub' })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, `copy-menu-card`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await page.keyboard.press('Escape');

  await exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  await dialog.getByRole('button', { name: 'More copy formats for GitHub' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, `copy-menu-dialog`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});
