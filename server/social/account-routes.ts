/**
 * Linked accounts in settings (docs/social.md "Linked accounts"): list, link from a callback started with
 * actionType socialLink, and unlink — never the account's last way to sign in (NEED_TO_SET_PASSWORD).
 * Changing settings needs a verified email (spec §4, §6: 20038).
 */
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { SOCIAL_PROVIDERS } from '../../src/regions/schema';
import { linkSocialAccount, listLinkedAccounts, unlinkSocialAccount } from '../../src/shared/contract/social';
import type { AccountRow } from '../core/data/rows';
import { auditStatement } from '../core/data/audit';
import { findAccountIdByEmail, linksOf, unlinkUnlessLast } from './data';
import type { AppEnv } from '../core/http/app-env';
import { ApiError, badInput } from '../core/http/errors';
import { mount } from '../core/http/mount';
import { clientIp } from '../core/http/client-ip';
import { sendSocialNotice } from './notices';
import { redeemOAuth, takeBrowserFlow } from './flow';
import { linkIdentity } from './linking';
import { redeemSteam } from './steam';

type Ctx = Context<AppEnv>;

const providerParam = z.enum(SOCIAL_PROVIDERS);

async function listOf(c: Ctx, accountId: number) {
  const links = await linksOf(c.var.db, accountId);
  const tpaAccountList = [];
  for (const l of links) {
    const type = providerParam.safeParse(l.provider);
    if (type.success) tpaAccountList.push({ type: type.data, email: l.email });
  }
  return { tpaAccountList };
}

function assertVerified(account: AccountRow): void {
  if (!account.email_verified) throw new ApiError(403, '20038', 'Email address not verified');
}

export function socialAccountRoutes(app: Hono<AppEnv>): void {
  mount(app, listLinkedAccounts, async (c, { account }) => {
    return listOf(c, account.id);
  });

  mount(app, linkSocialAccount, async (c, { body, account }) => {
    assertVerified(account);
    const provider = body.tpaType;
    const flow = await takeBrowserFlow(c, provider, body.state, 'socialLink');
    const identity =
      provider === 'steam' ? await redeemSteam(flow, body.code) : await redeemOAuth(c, provider, flow, body.code);
    // A provider email that is another account's: that account's owner links it, not this one (20010).
    if (identity.email !== null && identity.emailVerified) {
      const owner = await findAccountIdByEmail(c.var.db, identity.email);
      if (owner !== null && owner !== account.id)
        throw new ApiError(409, '20010', 'This email address is linked to a different account');
    }
    await linkIdentity(c, account, { provider, ...identity }, 'settings');
    return { type: provider, email: identity.emailVerified ? identity.email : null };
  });

  mount(app, unlinkSocialAccount, async (c, { params, account }) => {
    assertVerified(account);
    const provider = providerParam.safeParse(params['provider']);
    if (!provider.success) throw badInput('Unknown provider');
    const links = await linksOf(c.var.db, account.id);
    if (!links.some((l) => l.provider === provider.data)) throw new ApiError(404, 'NOT_FOUND', 'Not linked');
    if (!(await unlinkUnlessLast(c.var.db, account.id, provider.data)))
      throw new ApiError(409, 'NEED_TO_SET_PASSWORD', 'Set a password before unlinking the last sign-in method');
    await c.var.db.run(
      auditStatement(
        c.var.db,
        { accountId: account.id, event: 'social.unlinked', ip: clientIp(c), detail: { provider: provider.data } },
        c.var.clock.now(),
      ),
    );
    await sendSocialNotice(c, account.email, 'unlinked', provider.data);
    return listOf(c, account.id);
  });
}
