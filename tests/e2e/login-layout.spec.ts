/**
 * The login card holds every way to sign in (issue 25 §3): the provider buttons sit inside it, under the form's own
 * controls, and stay there once the island has hydrated (they are the island's static children, not its code).
 */
import { expect, test } from '@playwright/test';
import { hydrated, text } from './support/signin';

for (const path of ['login', 'global/login'])
  test(`${path}: the provider buttons sit inside the sign-in card`, async ({ page }) => {
    await page.goto(`/account/en/${path}`);
    await hydrated(page);
    const card = page.locator('form.login-form');
    const providers = card.locator('.social-providers');
    await expect(providers.getByRole('heading', { name: text('en', 'social.buttons.heading') })).toBeVisible();
    await expect(providers.getByRole('link', { name: /Google/ })).toBeVisible();
    // Inside the card's box, above the "no account yet?" line.
    const cardBox = await card.boundingBox();
    const box = await providers.boundingBox();
    expect(cardBox && box && box.y + box.height <= cardBox.y + cardBox.height).toBe(true);
    await expect(page.locator('main > .social-providers')).toHaveCount(0);
  });
