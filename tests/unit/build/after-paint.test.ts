/**
 * The pages' start-up loaded after the first paint (src/build/after-paint.ts): the module script Astro writes
 * goes and the head script imports the same file after the paint, what the budget counts still finds the file, and
 * a page the rewrite would not cover fails the build.
 */
import { describe, expect, it } from 'vitest';
import { loadAfterPaint, loaderImports, startupLoader } from '../../../src/build/after-paint';
import { AFTER_PAINT_HEAD_SCRIPT } from '../../../src/client/startup/head-script';

const HEAD = `<head><script>${AFTER_PAINT_HEAD_SCRIPT}</script></head>`;
const page = (body: string, head = HEAD) => `<!doctype html><html>${head}<body>${body}</body></html>`;

describe('loadAfterPaint', () => {
  it('takes the start-up module script out and has the head script import the same file', () => {
    const html = page('<main></main><script type="module" src="/account/_astro/startup.AbC-12_x.js"></script>');
    const out = loadAfterPaint(html, 'login.html');
    expect(out).not.toContain('type="module"');
    expect(out).toBe(
      page(
        '<main></main>',
        `<head><script>${AFTER_PAINT_HEAD_SCRIPT};${startupLoader('/account/_astro/startup.AbC-12_x.js')}</script></head>`,
      ),
    );
    expect(loaderImports(out)).toEqual(['/account/_astro/startup.AbC-12_x.js']);
  });

  it('leaves a page without a module script as it is', () => {
    const html = page('<main><script>onsubmit=e=>e.preventDefault()</script></main>');
    expect(loadAfterPaint(html, 'error.html')).toBe(html);
    expect(loaderImports(html)).toEqual([]);
  });

  it('fails on a module script it would not cover, rather than leave it fetched before the paint', () => {
    expect(() => loadAfterPaint(page('<script type="module" async src="/a.js"></script>'), 'a.html')).toThrow(
      /a\.html has a module script/,
    );
    expect(() => loadAfterPaint(page('<script type="module">import "/a.js"</script>'), 'b.html')).toThrow(
      /b\.html has a module script/,
    );
  });

  it('fails on a page whose loader would wait for a promise nothing makes', () => {
    const html = page('<script type="module" src="/account/_astro/startup.x.js"></script>', '<head></head>');
    expect(() => loadAfterPaint(html, 'c.html')).toThrow(/c\.html .* no head script/);
  });

  it('reads a loader back whatever file name the build gives the start-up', () => {
    for (const src of ['/account/_astro/startup.B1-_x9.js', '/x/_astro/startup.js']) {
      expect(loaderImports(`<script>a();${startupLoader(src)}</script>`)).toEqual([src]);
    }
  });
});
