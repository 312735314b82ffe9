import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

export const test = base.extend<{ darkTheme: () => Promise<void> }>({
  /** Switches the stored theme to dark the way the app does, before the next navigation. */
  darkTheme: async ({ page }, use) => {
    await use(async () => {
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    });
  },
});

/** Runs axe on the current page and fails with a readable list if anything serious or critical is found. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
