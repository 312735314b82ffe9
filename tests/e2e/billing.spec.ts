import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  openHomeExamples,
  signUpThroughApi,
  test,
  waitForHydrationOnLoads,
  shot,
} from './fixtures.ts';
import { FREE_DOWNLOADS_PER_MONTH, PREMIUM_PRICE } from '../../src/shared/billing/plans.ts';
import { REDEEM_MESSAGES } from '../../src/shared/premium-codes/premium-codes.schemas.ts';

// Checkout runs against the local Stripe stand-in (tests/fakes/stripe-fake.ts): its hosted page
// has a 'Pay' button and a 'Cancel' link, and paying sends the browser back to the success url.

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function planCard(page: Page, name: 'Free' | 'Premium') {
  return page.getByRole('region', { name });
}

/**
 * Subscribes the page's user through the stand-in without the pricing page: create the checkout
 * session, press the hosted page's Pay (a form POST), then let the success page's call verify it.
 */
async function subscribeThroughCheckout(page: Page) {
  const created = await page.request.post('/api/subscription/create', {
    data: { isAnnual: false },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url, sessionId } = (await created.json()) as { url: string; sessionId: string };
  const paid = await page.request.post(`${url}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(302);
  const verified = await page.request.get(
    `/api/subscription/verify?session_id=${encodeURIComponent(sessionId)}`,
  );
  expect(verified.status(), await verified.text()).toBe(200);
}

test.describe('pricing page', () => {
  test('a guest compares the plans, switches the period and reads the FAQ', async ({ page }) => {
    await page.goto('/premium');
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();

    // Annual is the default, with the saving on the switch.
    const annual = page.getByRole('radio', { name: /Annual/ });
    await expect(annual).toBeChecked();
    await expect(annual).toContainText(PREMIUM_PRICE.annual.saving);
    const premium = planCard(page, 'Premium');
    await expect(
      premium.getByText(`$${PREMIUM_PRICE.annual.perMonth}`, { exact: true }),
    ).toBeVisible();
    await expect(
      premium.getByText(`$${PREMIUM_PRICE.annual.perYear}/year billed annually`),
    ).toBeVisible();

    await page.getByRole('radio', { name: 'Monthly' }).click();
    await expect(
      premium.getByText(`$${PREMIUM_PRICE.monthly.perMonth}`, { exact: true }),
    ).toBeVisible();
    await expect(premium.getByText(PREMIUM_PRICE.monthly.billed)).toBeVisible();

    // A guest is on Free; upgrading starts with an account.
    await expect(planCard(page, 'Free').getByText('Current Plan')).toBeVisible();
    await expect(premium.getByText('Current Plan')).toHaveCount(0);
    await expect(premium.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/auth?redirect=/premium',
    );

    // Five questions, opened in place.
    const questions = page
      .getByRole('region', { name: 'Frequently Asked Questions' })
      .getByRole('button');
    await expect(questions).toHaveCount(5);
    const counting = page.getByRole('button', { name: 'How are downloads counted?' });
    await expect(counting).toHaveAttribute('aria-expanded', 'false');
    await counting.click();
    await expect(counting).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText("doesn't count a second time")).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await shot(page, 'premium-desktop', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'premium-phone', { fullPage: true });
  });
});

test.describe('checkout', () => {
  test('a free user pays in a new tab and lands on the thank-you page as Premium', async ({
    page,
  }) => {
    test.slow();
    await signUpThroughApi(page, 'checkout');
    await page.goto('/premium');
    await expect(planCard(page, 'Free').getByText('Current Plan')).toBeVisible();

    const opened = page.context().waitForEvent('page');
    await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }).click();
    const checkout = await opened;
    await expect(page.getByText('Checkout Started', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Your payment page has been opened in a new tab', { exact: true }),
    ).toBeVisible();

    // The stand-in's hosted page, for the annual price chosen by default.
    await expect(checkout.getByRole('button', { name: 'Pay' })).toBeVisible();
    await expect(checkout.getByRole('heading', { level: 1 })).toContainText('per year');
    await checkout.getByRole('button', { name: 'Pay' }).click();

    await checkout.waitForURL(/\/subscription-success\?session_id=/);
    await expect(
      checkout.getByRole('heading', { name: 'Thank You for Your Subscription!' }),
    ).toBeVisible();
    await expect(checkout.getByText('Subscription Successful!', { exact: true })).toBeVisible();
    const details = checkout.getByRole('definition');
    await expect(details.filter({ hasText: 'Active' })).toHaveCount(1);
    await expect(
      details.filter({
        hasText: `$${PREMIUM_PRICE.annual.perMonth}/month ($${PREMIUM_PRICE.annual.perYear}/year billed annually)`,
      }),
    ).toHaveCount(1);
    await shot(checkout, 'subscription-success', { fullPage: true });
    await expectNoSeriousA11yViolations(checkout);

    await checkout.getByRole('link', { name: 'Continue to Logo Search' }).click();
    await expect(checkout).toHaveURL(/\/$/);

    // Back in the first tab: the server now says Premium.
    await page.goto('/premium');
    await expect(planCard(page, 'Premium').getByText('Current Plan')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade Now' })).toHaveCount(0);
    await page.goto('/dashboard?tab=subscription');
    await expect(page.getByText('Premium Account')).toBeVisible();
    await expect(page.getByText('Your subscription is active')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    await shot(page, 'subscription-tab-premium', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('the upgrade dialog starts checkout for the chosen period; leaving it keeps Free', async ({
    page,
  }) => {
    test.slow();
    await signUpThroughApi(page, 'dialog');
    // Ten downloads recorded in the page's session use up the month.
    for (let index = 1; index <= 10; index += 1) {
      const tracked = await page.request.post('/api/downloads/track', {
        data: {
          logoUrl: `/api/icons/e2e-billing-${index}.svg`,
          logoTitle: `Logo ${index}`,
          fileType: 'svg',
        },
      });
      expect(tracked.status(), await tracked.text()).toBe(200);
    }
    await openHomeExamples(page);
    await page.getByRole('button', { name: 'Download Netflix' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await expect(upgrade).toBeVisible();
    await upgrade.getByRole('radio', { name: 'Monthly' }).click();

    const opened = page.context().waitForEvent('page');
    await upgrade.getByRole('button', { name: 'Upgrade Now' }).click();
    const checkout = await opened;
    await expect(upgrade).toBeHidden();
    await expect(page.getByText('Checkout Started', { exact: true })).toBeVisible();
    await expect(checkout.getByRole('heading', { level: 1 })).toContainText(
      `$${PREMIUM_PRICE.monthly.perMonth.toFixed(2)} per month`,
    );

    await checkout.getByRole('link', { name: 'Cancel' }).click();
    await checkout.waitForURL(/\/subscription-cancel$/);
    await expect(
      checkout.getByRole('heading', { name: 'Subscription Not Completed' }),
    ).toBeVisible();
    await checkout.goto('/dashboard?tab=subscription');
    await expect(checkout.getByText('Free Account')).toBeVisible();
  });

  test('a server without payments explains itself, and a failed checkout says why', async ({
    page,
  }) => {
    await signUpThroughApi(page, 'nopay');
    // This server takes payments; the page is shown the answer of one that does not.
    await page.route('**/api/subscription/config', (route) =>
      route.fulfill({ json: { paymentsConfigured: false } }),
    );
    await page.goto('/premium');
    let tabs = 0;
    page.context().on('page', () => (tabs += 1));
    await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(page.getByText('Payments Not Available', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('main').getByText(/Payments are not configured on this server/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Redeem it in your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    expect(tabs).toBe(0);
    await shot(page, 'premium-payments-off', { fullPage: true });

    await page.unroute('**/api/subscription/config');
    await page.route('**/api/subscription/create', (route) =>
      route.fulfill({
        status: 502,
        json: { message: 'Stripe could not be reached. Please try again.' },
      }),
    );
    await page.goto('/premium');
    await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }).click();
    await expect(page.getByText('Subscription Failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Stripe could not be reached. Please try again.', { exact: true }),
    ).toBeVisible();
    // The tab opened for the payment page is closed again.
    await expect.poll(() => page.context().pages().length).toBe(1);
    await expect(
      planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }),
    ).toBeEnabled();
  });

  test('the success page needs a session id', async ({ page }) => {
    await page.goto('/subscription-success');
    await expect(page.getByText('No session ID found in URL')).toBeVisible();
  });

  test('a checkout that cannot be confirmed tells a free user they are on Free, and a Premium user their plan stands', async ({
    page,
    grantPremium,
  }) => {
    const { id } = await signUpThroughApi(page, 'notmine');
    await page.goto('/subscription-success?session_id=cs_test_not_a_real_session');
    await expect(page.getByText('Verification Failed', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Not Confirmed' })).toBeVisible();
    await expect(
      page.getByText(
        `We could not confirm a payment for this checkout, so your account is still on the free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads per month.`,
      ),
    ).toBeVisible();
    await expect(page.getByText(/your subscription is still active/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute(
      'href',
      '/premium',
    );
    await expect(page.getByRole('link', { name: 'Contact support', exact: true })).toHaveAttribute(
      'href',
      '/contact',
    );
    await shot(page, 'subscription-success-unverified');
    await expectNoSeriousA11yViolations(page);
    await page.goto('/dashboard?tab=subscription');
    await expect(page.getByText('Free Account')).toBeVisible();

    // Someone who really is Premium is told so.
    await grantPremium(id);
    await page.goto('/subscription-success?session_id=cs_test_not_a_real_session');
    await expect(
      page.getByText(
        "Subscription details could not be loaded. Don't worry, your subscription is still active.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Subscription' })).toBeVisible();
  });

  test('leaving checkout shows the cancel page, true to the plan the visitor is on', async ({
    page,
    grantPremium,
  }) => {
    await page.goto('/subscription-cancel');
    await expect(page.getByRole('heading', { name: 'Subscription Not Completed' })).toBeVisible();
    await expect(
      page.getByText(
        `You're still on the free plan with ${FREE_DOWNLOADS_PER_MONTH} logo downloads per month`,
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Unlimited downloads' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/premium');
    await page.getByRole('link', { name: 'Continue with Free Plan' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A Premium user who closes a checkout keeps Premium, and the page says so.
    const { id } = await signUpThroughApi(page, 'leftpremium');
    await grantPremium(id);
    const user = (await (await page.request.get('/api/user')).json()) as {
      subscriptionExpiryDate: string;
    };
    await page.goto('/subscription-cancel');
    await expect(page.getByRole('heading', { name: 'Subscription Not Completed' })).toBeVisible();
    await expect(
      page.getByText(
        `You're still on Premium until ${longDate.format(new Date(user.subscriptionExpiryDate))}. Nothing about your plan has changed.`,
      ),
    ).toBeVisible();
    await expect(page.getByText(/still on the free plan/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Continue with Free Plan' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Subscription' })).toHaveAttribute(
      'href',
      '/dashboard?tab=subscription',
    );
    await shot(page, 'subscription-cancel-premium');
  });
});

test.describe('the Subscription tab', () => {
  test('a subscriber cancels and keeps Premium until the end date', async ({ page }) => {
    await signUpThroughApi(page, 'cancel');
    await subscribeThroughCheckout(page);

    await page.goto('/dashboard?tab=subscription');
    await expect(page.getByText('Your subscription is active')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect(dialog).toContainText('until the end of your current billing period');
    await shot(dialog, 'cancel-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();

    await expect(page.getByText('Subscription Canceled', { exact: true })).toBeVisible();
    const status = (await (await page.request.get('/api/subscription/status')).json()) as {
      expiryDate: string;
      cancelAtPeriodEnd: boolean;
    };
    expect(status.cancelAtPeriodEnd).toBe(true);
    await expect(
      page.getByText(
        `Your subscription will end on ${longDate.format(new Date(status.expiryDate))}`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(page.getByText('Premium Account')).toBeVisible();
  });

  test('keeping the subscription changes nothing, and a code cannot add to it', async ({
    page,
    createPremiumCode,
  }) => {
    await signUpThroughApi(page, 'keep');
    await subscribeThroughCheckout(page);
    await page.goto('/dashboard?tab=subscription');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('button', { name: 'No, Keep Subscription' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Your subscription is active')).toBeVisible();

    // Stripe sets the end of a paid subscription: the code is refused and stays usable.
    const { code } = await createPremiumCode({ duration: 30 });
    await page.getByRole('textbox', { name: 'Access code' }).fill(code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'paid subscription' })).toHaveText(
      REDEEM_MESSAGES.paidSubscription,
    );
    await expect(page.getByText('Code Redemption Failed', { exact: true })).toBeVisible();
  });

  test('a free user redeems a code; the code cannot be used twice', async ({
    page,
    browser,
    createPremiumCode,
  }) => {
    await signUpThroughApi(page, 'redeem');
    const { code } = await createPremiumCode({ duration: 30 });

    await page.goto('/dashboard?tab=subscription');
    await expect(page.getByText('Free Account')).toBeVisible();
    const details = page.getByRole('region', { name: 'Subscription Details' });
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
    await shot(page, 'subscription-tab-free', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    const input = page.getByRole('textbox', { name: 'Access code' });
    const redeem = page.getByRole('button', { name: 'Redeem' });
    await expect(input).toHaveAttribute('placeholder', 'XYZ12AB');
    await expect(redeem).toBeDisabled();
    await input.fill('   ');
    await expect(redeem).toBeDisabled();

    // Lower case and surrounding spaces still redeem the code.
    await input.fill(`  ${code.toLowerCase()}  `);
    await redeem.click();
    await expect(page.getByText('Premium Code Redeemed!', { exact: true })).toBeVisible();
    const until = async () =>
      new Date(
        ((await (await page.request.get('/api/user')).json()) as { subscriptionExpiryDate: string })
          .subscriptionExpiryDate,
      );
    const firstEnd = await until();
    await expect(
      page.getByText(`Premium until ${longDate.format(firstEnd)}.`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Premium Account')).toBeVisible();
    await expect(details.getByText(/^Your subscription will end on /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(input).toHaveValue('');

    // Someone else tries the same code.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      waitForHydrationOnLoads(otherPage);
      await signUpThroughApi(otherPage, 'again');
      await otherPage.goto('/dashboard?tab=subscription');
      await otherPage.getByRole('textbox', { name: 'Access code' }).fill(code);
      await otherPage.getByRole('button', { name: 'Redeem' }).click();
      await expect(otherPage.getByRole('alert')).toHaveText(/already been used/);
      await expect(otherPage.getByText('Code Redemption Failed', { exact: true })).toBeVisible();
      await expect(otherPage.getByText('Free Account')).toBeVisible();
    } finally {
      await other.close();
    }

    // A second code while Premium adds its days after the current end.
    const second = await createPremiumCode({ duration: 10 });
    await input.fill(second.code);
    await redeem.click();
    const stackedEnd = new Date(firstEnd.getTime() + 10 * 24 * 60 * 60 * 1000);
    await expect(
      page.getByText(`Premium until ${longDate.format(stackedEnd)}.`, { exact: true }),
    ).toBeVisible();
    expect((await until()).toISOString()).toBe(stackedEnd.toISOString());
  });
});
