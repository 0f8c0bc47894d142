import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  collectInlineScriptHashes,
  contentSecurityPolicy,
  embeddablePathRules,
  MAX_HEADER_RULES,
  renderHeadersFile,
} from '../../src/build/security-headers';
import { regions, REGION_IDS } from '../../src/regions/index';

describe('static security headers', () => {
  it('never allows unsafe-inline or unsafe-eval for scripts', () => {
    for (const id of REGION_IDS) {
      const csp = contentSecurityPolicy(regions[id], ["'sha256-abc'"], "'none'");
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? '';
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(scriptSrc).toContain("'sha256-abc'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('hashes inline scripts, skips external and data scripts, and refuses inline handlers', () => {
    const html =
      '<html><body><script>console.log(1)</script><script src="/a.js"></script><script type="application/json">{}</script></body></html>';
    const hashes = collectInlineScriptHashes(html, 't');
    // Independent check with the CSP definition: base64 of SHA-256 over the script's exact text.
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update('console.log(1)').digest('base64')}'`]);
    expect(() => collectInlineScriptHashes('<button onclick="x()">x</button>', 't')).toThrow(/onclick/);
  });

  it('lets the launcher frame embeddable routes only, within the Pages rule limit', () => {
    for (const id of REGION_IDS) {
      const rules = embeddablePathRules(regions[id]);
      expect(rules).toContain('/account/:locale/login');
      expect(rules).toContain('/account/:locale/self-service/*');
      expect(rules.some((r) => r.includes('/setting/'))).toBe(false);
      const file = renderHeadersFile(regions[id], []);
      expect(file.match(/^\/\S*$/gm)?.length ?? 0).toBeLessThanOrEqual(MAX_HEADER_RULES);
      expect(file).toContain('Strict-Transport-Security');
      expect(file).toContain("frame-ancestors 'self' https://launcher.lumenforge.com");
    }
  });

  it('allows the payment card field on the card page only, in place of the site-wide policy', () => {
    const region = regions.global;
    const site = contentSecurityPolicy(region, [], "'none'");
    expect(site).not.toContain('stripe');
    const card = contentSecurityPolicy(region, [], "'none'", true);
    expect(card).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(card).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(card).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(card).not.toMatch(/unsafe-inline'[^;]*;.*script|script-src[^;]*unsafe/);
    const file = renderHeadersFile(region, []);
    const rule = file
      .split('\n\n')
      .find((block) => block.startsWith('/account/:locale/setting/manage-payment-methods'));
    expect(rule).toContain('! Content-Security-Policy');
    expect(rule).toContain('https://js.stripe.com');
    // Parental consent by card (issue 14) adds its card with the same form.
    const vpc = file
      .split('\n\n')
      .find((block) => block.startsWith('/account/:locale/setting/parental-controls/vpc\n'));
    expect(vpc).toContain('https://js.stripe.com');
    const vpcSms = file
      .split('\n\n')
      .find((block) => block.startsWith('/account/:locale/setting/parental-controls/vpc/sms'));
    expect(vpcSms ?? '').not.toContain('stripe');
    expect(file.split('\n\n')[0]).not.toContain('stripe');
  });
});
