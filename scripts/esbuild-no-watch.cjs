/**
 * Preloaded (`node --require`) into a `wrangler pages dev` that serves a fixed build to the tests and the bench
 * (scripts/serve.mjs --no-watch). Wrangler bundles the Functions through an esbuild context in watch mode, and
 * esbuild watches by polling every file of the bundle: about 15% of a core per server, all the time, whether a
 * file changes or not. The e2e stage runs five servers on a two-core machine, so the polling alone took a third of
 * the machine from the browsers and the servers' real work (measured with `ps`; README "Run every test").
 *
 * `pages dev` has no switch for it (it passes watch through unset, and the bundler defaults it to on), so this
 * makes an esbuild context's `watch()` build once instead: the first build, which wrangler awaits, happens as before;
 * later edits are not picked up, which a server of a fixed build never needs. Nothing else of esbuild changes, and a
 * version of esbuild or wrangler without `context` is left alone.
 */
'use strict';
const Module = require('node:module');

const load = Module._load;
let patched;

Module._load = function loadWithoutWatch(request, ...rest) {
  const exports = load.call(this, request, ...rest);
  if (request !== 'esbuild' || typeof exports?.context !== 'function') return exports;
  // esbuild's exports are read-only getters: hand out a copy whose context() builds instead of watching.
  patched ??= {
    ...exports,
    async context(options) {
      const context = await exports.context(options);
      return {
        ...context,
        async watch() {
          await context.rebuild();
        },
      };
    },
  };
  return patched;
};
