/**
 * `client:painted`: hydrates an island as soon as the page has painted (the load directive, after
 * `afterFirstPaint`: ../startup/head-script.ts). For the islands that are their page's one purpose (login, create, the
 * callbacks): their files are fetched right after the first frame instead of before it, so the first paint
 * waits for none of them. Registered by src/build/after-paint.ts; Astro inlines this in every page that has
 * such an island. Every page has the head script (tests/unit/build/region-output.test.ts).
 */
import type { ClientDirective } from 'astro';

declare const afterFirstPaint: Promise<void>;

const painted: ClientDirective = (load) => {
  void afterFirstPaint.then(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default painted;
