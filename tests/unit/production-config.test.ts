/**
 * The production build's refusals and inputs (scripts/lib.mjs), without building: a production build needs
 * each region's captcha site keys, gets only its own region's keys, and marks its output so that the API
 * beside it ignores DEV_TOOLS; a local build never gets keys from the shell.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILD_PROFILE_FILE,
  captchaBuildEnv,
  checkProductionBuild,
  regionConfigsWith,
  writeBuildProfile,
} from '../../scripts/lib.mjs';
import { BUILD_PROFILE_FILE as SERVER_PROFILE_FILE, buildProfileSchema } from '../../server/core/build-profile';
import { parseSettings, type Env } from '../../server/core/env';
import { REGION_IDS, type RegionConfig, type RegionId } from '../../src/regions/index';
import type { CaptchaConfig } from '../../src/regions/schema';

/** scripts/lib.mjs is plain JavaScript: these are the shapes its functions resolve with. */
type Check = { problems: string[]; captcha?: CaptchaConfig };
const check = (region: string, env: Record<string, string>) => checkProductionBuild(region, env) as Promise<Check>;
const configsWith = (env: Record<string, string>) => regionConfigsWith(env) as Promise<Record<RegionId, RegionConfig>>;

const V3 = '6LdV3-test-site-key-global-aaaaaaaaaaaaa';
const V2 = '6LdV2-test-site-key-global-bbbbbbbbbbbbb';

describe('production build check', () => {
  it('refuses a region without captcha site keys, naming the variables to set', async () => {
    const { problems } = await check('global', {});
    expect(problems).toEqual([
      'region global: no captcha v3 site key (set CAPTCHA_SITE_KEY_V3_GLOBAL or CAPTCHA_SITE_KEY_V3)',
      'region global: no captcha v2 site key (set CAPTCHA_SITE_KEY_V2_GLOBAL or CAPTCHA_SITE_KEY_V2)',
    ]);
  });

  it('refuses half the keys', async () => {
    const { problems } = await check('th', { CAPTCHA_SITE_KEY_V3_TH: V3 });
    expect(problems).toEqual(['region th: no captcha v2 site key (set CAPTCHA_SITE_KEY_V2_TH or CAPTCHA_SITE_KEY_V2)']);
  });

  it('refuses keys the region schema does not accept (e.g. the dev placeholder)', async () => {
    const { problems } = await check('global', { CAPTCHA_SITE_KEY_V3: 'dev', CAPTCHA_SITE_KEY_V2: V2 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^region global: Region global config is invalid/);
  });

  it('accepts real keys: the region config takes its production provider and those keys', async () => {
    const result = await check('global', { CAPTCHA_SITE_KEY_V3: V3, CAPTCHA_SITE_KEY_V2: V2 });
    expect(result.problems).toEqual([]);
    expect(result.captcha).toEqual({ provider: 'recaptcha', siteKeyV3: V3, siteKeyV2: V2 });
  });

  it.each(REGION_IDS)('region %s names a production provider (never the dev captcha)', async (id) => {
    const keys = { CAPTCHA_SITE_KEY_V3: V3, CAPTCHA_SITE_KEY_V2: V2 };
    const result = await check(id, keys);
    expect(result.problems).toEqual([]);
    expect(result.captcha?.provider).not.toBe('dev');
  });
});

describe('captcha variables of a region build', () => {
  const shell = {
    CAPTCHA_SITE_KEY_V3: 'shared-v3-key-aaaaaaaaaaaaaaaa',
    CAPTCHA_SITE_KEY_V2: 'shared-v2-key-aaaaaaaaaaaaaaaa',
    CAPTCHA_SITE_KEY_V3_TH: 'th-only-v3-key-bbbbbbbbbbbbbbb',
    CAPTCHA_SITE_KEY_V2_TH: 'th-only-v2-key-bbbbbbbbbbbbbbb',
    PUBLIC_CAPTCHA_SITE_KEY_V3: 'stray-public-key-cccccccccccccc',
  };

  it('give a region its own keys first, the shared ones otherwise, and never another region’s', () => {
    expect(captchaBuildEnv('th', { production: true }, shell)).toEqual({
      PUBLIC_CAPTCHA_SITE_KEY_V3: shell.CAPTCHA_SITE_KEY_V3_TH,
      PUBLIC_CAPTCHA_SITE_KEY_V2: shell.CAPTCHA_SITE_KEY_V2_TH,
    });
    const global = captchaBuildEnv('global', { production: true }, shell);
    expect(global).toEqual({
      PUBLIC_CAPTCHA_SITE_KEY_V3: shell.CAPTCHA_SITE_KEY_V3,
      PUBLIC_CAPTCHA_SITE_KEY_V2: shell.CAPTCHA_SITE_KEY_V2,
    });
    expect(Object.values(global)).not.toContain(shell.CAPTCHA_SITE_KEY_V3_TH);
  });

  it('are empty for a local build, whatever the shell holds, so local builds keep the offline captcha', async () => {
    const local = captchaBuildEnv('th', { production: false }, shell);
    expect(local).toEqual({ PUBLIC_CAPTCHA_SITE_KEY_V3: '', PUBLIC_CAPTCHA_SITE_KEY_V2: '' });
    const regions = await configsWith(local);
    for (const id of REGION_IDS) expect(regions[id].captcha.provider, id).toBe('dev');
  });
});

describe('build profile', () => {
  const vars = {
    DB: {},
    CONFIG: {},
    DEV_TOOLS: '1',
    CAPTCHA_SECRET: 'dev',
    ALLOWED_ORIGINS: 'http://localhost:8788',
  } as unknown as Env;

  it('is the file the API reads, in the shape it parses', () => {
    expect(BUILD_PROFILE_FILE).toBe(SERVER_PROFILE_FILE);
    const dir = mkdtempSync(join(tmpdir(), 'lf-profile-'));
    try {
      writeBuildProfile(dir, { region: 'th', production: true, captcha: 'recaptcha' });
      const written: unknown = JSON.parse(readFileSync(join(dir, BUILD_PROFILE_FILE), 'utf8'));
      expect(buildProfileSchema.parse(written)).toEqual({ region: 'th', production: true, captcha: 'recaptcha' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('of a production build makes DEV_TOOLS inert; of a local build it leaves it on', () => {
    const production = parseSettings(vars, {
      kind: 'built',
      profile: { region: 'global', production: true, captcha: 'recaptcha' },
    });
    expect(production.devTools).toBe(false);
    expect(production.problems.join('\n')).toMatch(/CAPTCHA_SECRET=dev/);
    const local = parseSettings(vars, {
      kind: 'built',
      profile: { region: 'global', production: false, captcha: 'dev' },
    });
    expect(local.devTools).toBe(true);
    expect(local.problems).toEqual([]);
  });
});
