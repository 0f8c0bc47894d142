/**
 * Security headers for the static pages, derived from the route registry
 * (which routes the launcher may frame) and the region config (API origins,
 * captcha provider, launcher origins). Pure functions: the build integration
 * writes the file, tests read the same output.
 */
import { createHash } from 'node:crypto';
import { ELEMENT_NODE, parse, walkSync, type ElementNode, type Node } from 'ultrahtml';
import type { RegionConfig } from '../regions/schema';
import { expandRoutePaths, ROUTES } from '../routes/registry';

const CAPTCHA_SOURCES: Record<RegionConfig['captcha']['provider'], { script: string[]; frame: string[] }> = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  dev: { script: [], frame: [] },
};

/**
 * The payment provider's hosted card field (Stripe.js and its Elements iframes, docs/payments.md), allowed only on
 * the pages that take a card: a script of a third party on every page would be a risk for no use.
 */
export const PAYMENT_FIELD_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;
/** Routes whose page loads the card field: the payment methods screen and parental consent by card (issue 14). */
export const PAYMENT_FIELD_ROUTES: readonly string[] = ['manage-payment-methods', 'vpc'];

/** Hashes of every inline script of a page; throws on inline event handlers, which a hash cannot allow. */
export function collectInlineScriptHashes(html: string, where: string): string[] {
  const hashes: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- ultrahtml types parse() as any; it returns the document Node.
  const doc: Node = parse(html);
  walkSync(doc, (node: Node) => {
    if (node.type !== ELEMENT_NODE) return;
    const el: ElementNode = node;
    for (const attr of Object.keys(el.attributes)) {
      if (/^on[a-z]+$/i.test(attr)) throw new Error(`${where}: inline event handler ${attr} is not allowed by the CSP`);
    }
    if (el.name !== 'script' || el.attributes['src'] !== undefined) return;
    const type = el.attributes['type'];
    if (type !== undefined && type !== 'module' && type !== 'text/javascript') return; // data blocks are not executed
    const body = el.children.map((c) => ('value' in c ? String(c.value) : '')).join('');
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  });
  return hashes;
}

function apiOrigins(region: RegionConfig): string[] {
  const origins = new Set<string>();
  for (const base of [...Object.values(region.api), region.cdnBase]) {
    if (base.startsWith('https://')) origins.add(new URL(base).origin);
  }
  return [...origins];
}

export function contentSecurityPolicy(
  region: RegionConfig,
  scriptHashes: string[],
  frameAncestors: string,
  cardField = false,
): string {
  const captcha = CAPTCHA_SOURCES[region.captcha.provider];
  const card = cardField ? PAYMENT_FIELD_SOURCES : { script: [], frame: [], connect: [] };
  const frames = [...captcha.frame, ...card.frame];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...captcha.script, ...card.script]],
    // Styles: React style attributes need this; scripts stay hash-only.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...apiOrigins(region)]],
    ['connect-src', ["'self'", ...apiOrigins(region), ...captcha.script, ...card.connect]],
    ['frame-src', frames.length > 0 ? frames : ["'none'"]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [frameAncestors]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const BASE_HEADERS = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/**
 * Header rule paths for the routes the launcher may frame. A first path
 * segment whose routes are all embeddable becomes two splat rules; otherwise
 * each embeddable path gets its own rule.
 */
export function embeddablePathRules(region: RegionConfig): string[] {
  const bySegment = new Map<string, { embeddable: boolean; paths: string[] }[]>();
  for (const route of ROUTES) {
    for (const path of expandRoutePaths(route, region)) {
      const seg = path.split('/')[0] ?? path;
      const list = bySegment.get(seg) ?? [];
      list.push({ embeddable: 'embeddable' in route.meta, paths: [path] });
      bySegment.set(seg, list);
    }
  }
  const rules: string[] = [];
  for (const [seg, entries] of bySegment) {
    if (entries.every((e) => e.embeddable)) rules.push(`/account/:locale/${seg}`, `/account/:locale/${seg}/*`);
    else for (const e of entries) if (e.embeddable) rules.push(...e.paths.map((p) => `/account/:locale/${p}`));
  }
  return rules;
}

/** Cloudflare Pages allows at most 100 header rules. */
export const MAX_HEADER_RULES = 100;

export function renderHeadersFile(region: RegionConfig, scriptHashes: string[]): string {
  const lines: string[] = ['# Generated at build time by src/build/security-headers.ts. Do not edit.', '/*'];
  for (const [k, v] of Object.entries(BASE_HEADERS)) lines.push(`  ${k}: ${v}`);
  lines.push(`  X-Frame-Options: DENY`);
  lines.push(`  Content-Security-Policy: ${contentSecurityPolicy(region, scriptHashes, "'none'")}`);
  const embed = embeddablePathRules(region);
  const ancestors = ["'self'", ...region.embedOrigins].join(' ');
  for (const rule of embed) {
    lines.push('', rule, '  ! X-Frame-Options', '  ! Content-Security-Policy');
    lines.push(`  Content-Security-Policy: ${contentSecurityPolicy(region, scriptHashes, ancestors)}`);
  }
  // The card pages replace the site-wide CSP (Pages would send both, and a browser enforces each).
  const cardPaths = ROUTES.filter((r) => PAYMENT_FIELD_ROUTES.includes(r.name)).flatMap((r) =>
    expandRoutePaths(r, region),
  );
  for (const path of cardPaths) {
    lines.push('', `/account/:locale/${path}`, '  ! Content-Security-Policy');
    lines.push(`  Content-Security-Policy: ${contentSecurityPolicy(region, scriptHashes, "'none'", true)}`);
  }
  lines.push('', '/account/_astro/*', '  Cache-Control: public, max-age=31536000, immutable');
  const ruleCount = 2 + embed.length + cardPaths.length;
  if (ruleCount > MAX_HEADER_RULES)
    throw new Error(`_headers has ${ruleCount} rules; Pages allows ${MAX_HEADER_RULES}`);
  return `${lines.join('\n')}\n`;
}
