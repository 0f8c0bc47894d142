/**
 * Build-time access to every region config, parsed against the schema.
 * Browser code never imports this file: it imports `@region`, which Vite
 * aliases to the one region file of the current build.
 */
import * as z from 'zod/mini';
import global from './global';
import japan from './japan';
import one from './one';
import { REGION_IDS, regionConfigSchema, type CaptchaConfig, type RegionConfig, type RegionId } from './schema';
import sea from './sea';
import th from './th';
import tw from './tw';

const raw: Record<RegionId, RegionConfig> = { global, th, tw, sea, japan, one };

/** reCAPTCHA and Turnstile site keys are URL-safe tokens of a few dozen characters (reCAPTCHA's are 40). */
const SITE_KEY = /^[A-Za-z0-9_-]{20,100}$/;

/** A production provider needs both site keys (v3 score and v2 widget, spec §5); `dev` only its placeholders. */
function captchaIssue(captcha: CaptchaConfig): string | null {
  if (captcha.provider === 'dev')
    return captcha.siteKeyV3 === 'dev' && captcha.siteKeyV2 === 'dev' ? null : 'the dev captcha takes no site keys';
  for (const [name, key] of [
    ['siteKeyV3', captcha.siteKeyV3],
    ['siteKeyV2', captcha.siteKeyV2],
  ] as const) {
    if (!SITE_KEY.test(key)) return `captcha.${name} is not a ${captcha.provider} site key`;
  }
  return null;
}

export const regions: Record<RegionId, RegionConfig> = Object.fromEntries(
  REGION_IDS.map((id) => {
    const parsed = regionConfigSchema.safeParse(raw[id]);
    if (!parsed.success) throw new Error(`Region ${id} config is invalid:\n${z.prettifyError(parsed.error)}`);
    if (parsed.data.id !== id) throw new Error(`Region file ${id}.ts declares id ${parsed.data.id}`);
    const captcha = captchaIssue(parsed.data.captcha);
    if (captcha !== null) throw new Error(`Region ${id} config is invalid: ${captcha}`);
    return [id, parsed.data];
  }),
) as Record<RegionId, RegionConfig>;

export function isRegionId(value: string): value is RegionId {
  return (REGION_IDS as readonly string[]).includes(value);
}

/** The REGION env var (default global); an unknown value fails loudly. */
export function regionFromEnv(value: string | undefined): RegionId {
  const id = value && value.length > 0 ? value : 'global';
  if (!isRegionId(id)) throw new Error(`REGION=${id} is not one of ${REGION_IDS.join(', ')}`);
  return id;
}

export { REGION_IDS, type RegionConfig, type RegionId };
