/**
 * GET /account (spec §3 account / settings state, §7): the signed-in
 * account under the server's field names, which the portal renames on load
 * (isVerified, phoneNo, name, hasSetPassword, enableUserPhoneReset).
 * A blocked, inactive or reset-required account ends the session and answers
 * its code (20100 with the reason, 20102, 20037): the portal logs out on
 * 20100 and 20102 (spec §2 navigation rules).
 */
import type { Hono } from 'hono';
import { SOCIAL_PROVIDERS } from '../../src/regions/schema';
import { linksOf } from '../social/data';
import type { Db } from '../core/db/engine';
import { getAccount, type AccountResponse } from '../../src/shared/contract/settings';
import { authTypesOf } from '../mfa/data';
import { linkedProviders } from '../signin/data';
import { countTrustedDevices } from '../core/data/trusted-devices';
import type { AppEnv } from '../core/http/app-env';
import { mount } from '../core/http/mount';
import { stillAllowed } from '../signin/sign-in';

type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

async function steamNameOf(db: Db, accountId: number): Promise<string | null> {
  return (await linksOf(db, accountId)).find((l) => l.provider === 'steam')?.display_name ?? null;
}

export function accountRoutes(app: Hono<AppEnv>): void {
  mount(app, getAccount, async (c, { account: signedIn }) => {
    const db = c.var.db;
    const account = await stillAllowed(c, signedIn, '20102');
    const [linked, devices] = await Promise.all([
      linkedProviders(db, account.id),
      countTrustedDevices(db, account.id, c.var.clock.now()),
    ]);
    const authTypes = authTypesOf(account);
    const tpaAccountList: AccountResponse['tpaAccountList'] = [];
    for (const l of linked) if (isSocialProvider(l.provider)) tpaAccountList.push({ type: l.provider, email: l.email });
    const response: AccountResponse = {
      email: account.email,
      isVerified: account.email_verified,
      countryCode: account.country_code,
      birthMonth: account.birth_month,
      birthYear: account.birth_year,
      membershipNo: account.membership_no,
      name: account.full_name ?? '',
      playerTag:
        account.player_tag_name !== null && account.player_tag_number !== null
          ? { name: account.player_tag_name, number: account.player_tag_number }
          : null,
      renamesRemaining: account.renames_remaining,
      phoneNo: account.phone_no,
      enableUserPhoneReset: account.phone_reset_enabled,
      hasSetPassword: account.has_password,
      enableMail: account.enable_mail,
      searchable: account.searchable,
      skipMfaPromo: account.skip_mfa_promo,
      primaryAuthType: authTypes.primaryAuthType,
      authTypeList: authTypes.authTypes,
      tpaAccountList,
      trustedDeviceCount: devices,
      twitchUserId: linked.find((l) => l.provider === 'twitch')?.provider_user_id ?? null,
      // The store platform's profile name is not kept: linking stores the platform's id only.
      // The PC store persona name kept on its link (server/social/steam.ts).
      steamName: (await steamNameOf(db, account.id)) ?? null,
      isMinor: account.is_minor,
    };
    return response;
  });
}
