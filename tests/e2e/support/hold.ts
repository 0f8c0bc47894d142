/**
 * Holds the requests matching `url` until the returned function is called: a slow phone, where the page's code (or
 * an answer) arrives after the player has already acted. The requests go on unchanged once released.
 */
import type { Page } from '@playwright/test';

export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
