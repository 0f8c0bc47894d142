/**
 * Writes the static pages' security headers into the build output's
 * `_headers` (Cloudflare Pages) after the build, because the script hashes
 * of the CSP can only be known then. Every inline <script> Astro emitted is
 * hashed; the build fails if a page carries an inline script the CSP would
 * block or an inline event handler.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { regions, regionFromEnv } from '../regions/index';
import { collectInlineScriptHashes, renderHeadersFile } from './security-headers';

export function securityHeaders(options: { region: string }): AstroIntegration {
  return {
    name: 'portal-security-headers',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const outDir = fileURLToPath(dir);
        const htmlFiles = pages.map((p) => `${outDir}${p.pathname.replace(/\/$/, '') || 'index'}.html`);
        const hashes = new Set<string>();
        for (const file of htmlFiles) {
          let html: string;
          try {
            html = await readFile(file, 'utf8');
          } catch {
            throw new Error(`security headers: built page ${file} not found`);
          }
          for (const h of collectInlineScriptHashes(html, file)) hashes.add(h);
        }
        await writeFile(
          `${outDir}_headers`,
          renderHeadersFile(regions[regionFromEnv(options.region)], [...hashes].sort()),
        );
        logger.info(`_headers written for region ${options.region} (${hashes.size} inline script hash(es))`);
      },
    },
  };
}
