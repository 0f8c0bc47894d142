/** Runs in every region project: the region build serves its own pages and config. */
import { expect, test } from '@playwright/test';

test('the region build marks its region and serves a localized page', async ({ page }, info) => {
  const region = String(info.project.metadata['region']);
  await page.goto('/account/th/maintenance');
  await expect(page.locator('body')).toHaveAttribute('data-region', region);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
});
