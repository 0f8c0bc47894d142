/**
 * Spec §7 "Parental" (issue 14, docs/parental.md): the family list, setup
 * start and disable, verifiable parental consent by card or SMS, and the
 * child management calls. Who may call what is in server/parental/access.ts;
 * the child sign-in and sign-up calls are in ./parental-child.ts. Every
 * change is audited and emailed to the parent.
 */
import { endGrantsAndNotify } from '../oidc/backchannel';
import type { Context, Hono } from 'hono';
import { auditWhere } from '../core/data/audit';
import {
  checkVpcCompletion,
  checkVpcRequirement,
  completeVpcCard,
  completeVpcSms,
  disableParentalControls,
  enableParentalControls,
  getFamilyMembers,
  releaseChild,
  requestVpcSmsCode,
  resetChildGameAccess,
  setChildStatus,
  VPC_CHARGE_CENTS,
  VPC_CHARGE_CURRENCY,
  type FamilyMember,
} from '../../src/shared/contract/parental';
import { countriesOfRegion } from '../core/reference/countries';
import { checkPhone, maskPhone } from '../core/reference/phone-numbers';
import { auditStatement } from '../core/data/audit';
import {
  awaitsConsent,
  CHILD_STATUS,
  childrenOf,
  childStatusDiffers,
  countChildren,
  controlsDisabledAuditQuery,
  disableControlsQueries,
  inFamily,
  notStarted,
  parentalStartedAt,
  parentOf,
  recordConsentQueries,
  releasable,
  releaseChildQuery,
  resetGameAccessQuery,
  setChildStatusQuery,
  startControlsQuery,
  type ConsentRecord,
  type FamilyAccount,
} from './data';
import { settingsOf } from '../core/env';
import type { AppEnv } from '../core/http/app-env';
import { ApiError } from '../core/http/errors';
import { mount, type Input } from '../core/http/mount';
import type { ResponseOf } from '../../src/shared/contract/endpoint';
import { sendParentalNotice } from './notices';
import { sendCodeSms } from '../core/notices/send';
import {
  assertParentalVerification,
  notEligible,
  notEligibleReason,
  ownChild,
  requireParent,
  type ParentContext,
} from './access';
import { chargeAndRefund, refundOpenCharges, vpcDeps } from './vpc-card';
import {
  codeAcceptedStatements,
  invalidCodeError,
  reserveCodeAttempt,
  wrongCode,
  wrongCodeError,
} from '../core/security/code-guard';
import { consumeCode, issueCode, type CodeKind } from '../core/security/codes';
import { endSessionsStatements } from '../sessions/end-sessions';
import { hit, reserve, settleSuccess, type Reservation } from '../core/security/rate-limit';
import { assertCaptcha } from '../core/providers/index';
import {
  cardCapKey,
  cardRefusalFloorMs,
  globalCapKey,
  VPC_CARD_FINGERPRINT_LIMIT,
  VPC_CARD_GLOBAL_LIMIT,
  VPC_CARD_IP_LIMIT,
  VPC_CARD_LIMIT,
} from './vpc-limits';
import { clientIp, clientLimitIp } from '../core/http/client-ip';
import { floorStart, holdUntilFloor } from '../core/security/answer-floor';
import { accountEvent } from '../events/data';
import { SMS_PER_ACCOUNT_LIMIT, SMS_PER_NUMBER_LIMIT } from '../mfa/sms-routes';

/** Consent by SMS: the texted code lives 5 minutes (spec §9 phone code). */
export const VPC_SMS_CODE: CodeKind = { purpose: 'parental.vpc.sms', ttlMs: 5 * 60_000 };

function member(a: FamilyAccount, isMe: boolean): FamilyMember {
  return {
    globalUserNo: a.id,
    status: a.status,
    email: a.email,
    name: a.name,
    accessibleProductId: isMe ? '' : a.accessibleProductIds,
    isMe,
  };
}

/** The consent record's batch for a parent, with its audit row; throws 20229 when consent was already recorded. */
async function recordConsent(c: Context<AppEnv>, parent: ParentContext, consent: ConsentRecord) {
  const db = c.var.db;
  const now = c.var.clock.now();
  const id = parent.account.id;
  const [, inserted] = await db.batch([
    auditWhere(
      db,
      awaitsConsent(id),
      {
        accountId: id,
        event: 'parental.consent-recorded',
        ip: clientIp(c),
        detail: { method: consent.method, location: consent.consentLocation },
      },
      now,
    ),
    ...recordConsentQueries(db, id, consent, now),
  ]);
  return inserted.rows.length > 0;
}

/** A declined card's answer (402 CARD_DECLINED), also the answer of the IP and daily caps (./vpc-limits.ts). */
function declined(): ApiError {
  return new ApiError(402, 'CARD_DECLINED', 'The card was declined');
}

/**
 * Takes one slot of the IP cap, of the card's cap (its fingerprint) and of the day's global cap, before the charge:
 * a try the caps refuse answers exactly like a declined card and charges nothing. The slots taken: a consent gives
 * the card's back (settleSuccess).
 */
async function reserveCardCaps(c: Context<AppEnv>, now: number, card: string): Promise<Reservation[]> {
  try {
    return await reserve(c.var.db, now, [
      [VPC_CARD_IP_LIMIT, clientLimitIp(c) ?? 'unknown'],
      [VPC_CARD_FINGERPRINT_LIMIT, card],
      [VPC_CARD_GLOBAL_LIMIT, globalCapKey(now)],
    ]);
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) throw declined();
    throw e;
  }
}

function alreadyComplete(): ApiError {
  return new ApiError(409, '20229', 'Verifiable parental consent is already complete');
}

/** Consent by card (spec §9): the captcha, the caps, the $1 charge and its refund, then the consent record. */
async function cardConsent(
  c: Context<AppEnv>,
  { body, session }: Input<typeof completeVpcCard>,
): Promise<ResponseOf<typeof completeVpcCard>> {
  const parent = await requireParent(c, session);
  await assertCaptcha(c, body.captchaToken, body.captchaVersion, 'web_login');
  const now = c.var.clock.now();
  await refundOpenCharges(vpcDeps(c), parent.account.id);
  if (parent.account.parental_consent_at !== null) throw alreadyComplete();
  await hit(c.var.db, now, VPC_CARD_LIMIT, String(parent.account.id));
  let slots: Reservation[] = [];
  const paid = await chargeAndRefund(vpcDeps(c), parent.account.id, body.paymentMethodId, async (card) => {
    slots = await reserveCardCaps(c, now, cardCapKey(card));
  });
  const recorded = await recordConsent(c, parent, {
    method: 'card',
    consentLocation: body.consentLocation,
    providerRef: paid.chargeRef,
    refundRef: paid.refundRef,
  });
  if (!recorded) throw alreadyComplete();
  // A consent is no card test: the card's slot goes back (the IP's and the day's stay counted).
  await settleSuccess(c.var.db, slots);
  await sendParentalNotice(c, parent.account.email, 'consentCard', { last4: paid.last4 });
  return { amountCents: VPC_CHARGE_CENTS, currency: VPC_CHARGE_CURRENCY, last4: paid.last4, refunded: true };
}

export function parentalRoutes(app: Hono<AppEnv>): void {
  /**
   * The family: for a parent, the parent's own entry (isMe) first, then the
   * children; for a child, its own entry and the parent's email. An account
   * in no family has an empty family, not a missing one: 200 with no
   * children (a 404 logged an error in the console of every adult who opens
   * the tab; the portal still ignores spec §8's 20002 from other backends).
   */
  mount(app, getFamilyMembers, async (c, { account }) => {
    const db = c.var.db;
    const me: FamilyAccount = {
      id: account.id,
      email: account.email,
      name: account.full_name ?? '',
      status: account.status,
      accessibleProductIds: '',
    };
    const parent = await parentOf(db, account.id);
    if (parent !== null)
      return { isParent: false, isParentalSet: false, parent: { email: parent.email }, children: [member(me, true)] };
    if ((await parentalStartedAt(db, account.id)) === null)
      return { isParent: false, isParentalSet: false, parent: null, children: [] };
    await refundOpenCharges(vpcDeps(c), account.id);
    const children = await childrenOf(db, account.id);
    return {
      isParent: true,
      isParentalSet: account.parental_consent_at !== null,
      parent: null,
      children: [member(me, true), ...children.map((child) => member(child, false))],
    };
  });

  mount(app, enableParentalControls, async (c, { account }) => {
    const db = c.var.db;
    const now = c.var.clock.now();
    const reason = await notEligibleReason(db, account, now);
    if (reason !== null) {
      await db.run(
        auditStatement(
          db,
          { accountId: account.id, event: 'parental.not-eligible', ip: clientIp(c), detail: { reason } },
          now,
        ),
      );
      throw notEligible();
    }
    const [, started] = await db.batch([
      auditWhere(
        db,
        notStarted(account.id),
        { accountId: account.id, event: 'parental.started', ip: clientIp(c), detail: {} },
        now,
      ),
      startControlsQuery(db, account.id, now),
    ]);
    if (started.rowsAffected > 0) await sendParentalNotice(c, account.email, 'controlsStarted');
    return { isParent: true, isParentalSet: account.parental_consent_at !== null };
  });

  mount(app, disableParentalControls, async (c, { session }) => {
    const parent = await requireParent(c, session);
    await assertParentalVerification(c, parent);
    const db = c.var.db;
    const now = c.var.clock.now();
    if ((await countChildren(db, parent.account.id)) > 0)
      throw new ApiError(409, '20233', 'Parental controls cannot be disabled while child accounts remain');
    const [deleted] = await db.batch([
      ...disableControlsQueries(db, parent.account.id, now),
      controlsDisabledAuditQuery(db, parent.account.id, clientIp(c), now),
    ]);
    // A child linked meanwhile kept the controls on (the statements' own condition).
    if (deleted.rowsAffected === 0)
      throw new ApiError(409, '20233', 'Parental controls cannot be disabled while child accounts remain');
    await sendParentalNotice(c, parent.account.email, 'controlsDisabled');
    return {};
  });

  mount(app, checkVpcCompletion, async (c, { account }) => {
    const isParent = (await parentalStartedAt(c.var.db, account.id)) !== null;
    if (isParent) await refundOpenCharges(vpcDeps(c), account.id);
    return { isCompleted: isParent && account.parental_consent_at !== null };
  });

  /** Consent is required in every country this portal serves (docs/parental.md): required until recorded. */
  mount(app, checkVpcRequirement, (_c, { account }) =>
    Promise.resolve({ isRequired: account.parental_consent_at === null }),
  );

  /**
   * A refused card try (402: a decline or the IP, card or daily cap) answers no sooner than the floor from the
   * step's start (./vpc-limits.ts), so a cap, which never calls the provider, takes what a decline takes. The
   * other answers are not held: a consent (200), the account's cap (20157), a captcha or card error each say what
   * they are in their status and code, so their time tells nothing more, and a consent's charge and refund take
   * two provider round trips, longer than a decline's one anyway.
   */
  mount(app, completeVpcCard, async (c, args) => {
    const startedAt = floorStart();
    try {
      return await cardConsent(c, args);
    } catch (e) {
      if (e instanceof ApiError && e.status === 402)
        await holdUntilFloor(startedAt, cardRefusalFloorMs(settingsOf(c.env)));
      throw e;
    }
  });

  mount(app, requestVpcSmsCode, async (c, { body, session }) => {
    const parent = await requireParent(c, session);
    if (parent.account.parental_consent_at !== null) throw alreadyComplete();
    const now = c.var.clock.now();
    const check = checkPhone(body.phoneNo, countriesOfRegion(settingsOf(c.env).region.id));
    if (!check.ok) {
      if (check.reason === 'no-sms') throw new ApiError(400, 'SMS_BLOCKED', 'This number cannot receive texts');
      throw new ApiError(400, '20205', 'Invalid phone number');
    }
    const phone = check.e164;
    await hit(c.var.db, now, SMS_PER_NUMBER_LIMIT, phone);
    await hit(c.var.db, now, SMS_PER_ACCOUNT_LIMIT, String(parent.account.id));
    const code = await issueCode(c.var.db, { accountId: parent.account.id, target: phone, kind: VPC_SMS_CODE }, now);
    await sendCodeSms(c, phone, code, VPC_SMS_CODE.ttlMs, body.language);
    await c.var.db.run(
      auditStatement(
        c.var.db,
        {
          accountId: parent.account.id,
          event: 'parental.sms-code-sent',
          ip: clientIp(c),
          detail: { phone: maskPhone(phone) },
        },
        now,
      ),
    );
    return {};
  });

  /** Spec §8: 20229 (already complete) is success for the portal. */
  mount(app, completeVpcSms, async (c, { body, session }) => {
    const parent = await requireParent(c, session);
    if (parent.account.parental_consent_at !== null) throw alreadyComplete();
    const now = c.var.clock.now();
    const check = checkPhone(body.phoneNo, countriesOfRegion(settingsOf(c.env).region.id));
    if (!check.ok) throw new ApiError(400, '20205', 'Invalid phone number');
    const attempt = await reserveCodeAttempt(c.var.db, now, { accountId: parent.account.id, ip: clientIp(c) });
    const result = await consumeCode(
      c.var.db,
      { accountId: parent.account.id, target: check.e164, kind: VPC_SMS_CODE },
      body.verificationCode,
      now,
    );
    if (result !== 'ok')
      throw await wrongCode(c.var.db, now, attempt, result === 'wrong' ? wrongCodeError() : invalidCodeError());
    await c.var.db.batch(codeAcceptedStatements(c.var.db, attempt));
    const masked = maskPhone(check.e164);
    const recorded = await recordConsent(c, parent, {
      method: 'sms',
      consentLocation: body.consentLocation,
      providerRef: masked,
      refundRef: null,
    });
    if (!recorded) throw alreadyComplete();
    await sendParentalNotice(c, parent.account.email, 'consentSms', { phone: masked });
    return {};
  });

  mount(app, setChildStatus, async (c, { body, session }) => {
    const parent = await requireParent(c, session);
    const child = await ownChild(c, parent, body.childUserNo);
    if (!body.active) await assertParentalVerification(c, parent);
    const db = c.var.db;
    const now = c.var.clock.now();
    const status = body.active ? CHILD_STATUS.active : CHILD_STATUS.deactivated;
    if (child.status === status) return {};
    const ip = clientIp(c);
    const event = body.active ? 'parental.child-reactivated' : 'parental.child-deactivated';
    const differs = childStatusDiffers(parent.account.id, child.id, status);
    const [, , , changed] = await db.batch([
      auditWhere(db, differs, { accountId: parent.account.id, event, ip, detail: { childUserNo: child.id } }, now),
      auditWhere(db, differs, { accountId: child.id, event, ip, detail: { by: parent.account.id } }, now),
      ...accountEvent(db, body.active ? 'child.reactivated' : 'child.deactivated', child.id, {}, now, differs),
      setChildStatusQuery(db, parent.account.id, child.id, status, now),
      // A deactivated child is signed out everywhere and loses its trusted devices (they would skip a factor).
      ...(body.active ? [] : endSessionsStatements(db, child.id)),
    ]);
    if (changed.rows.length === 0) return {};
    if (!body.active) await endGrantsAndNotify(c, child.id, 'deactivated');
    await sendParentalNotice(c, parent.account.email, body.active ? 'childReactivated' : 'childDeactivated', {
      child: child.email,
    });
    return {};
  });

  mount(app, releaseChild, async (c, { query, session }) => {
    const parent = await requireParent(c, session);
    const child = await ownChild(c, parent, query.childUserNo);
    if (child.status !== CHILD_STATUS.active) throw new ApiError(409, '20022', 'Only an active child can be released');
    await assertParentalVerification(c, parent);
    const db = c.var.db;
    const now = c.var.clock.now();
    const ip = clientIp(c);
    const event = 'parental.child-released';
    const may = releasable(parent.account.id, child.id);
    const [, , released] = await db.batch([
      auditWhere(db, may, { accountId: parent.account.id, event, ip, detail: { childUserNo: child.id } }, now),
      auditWhere(db, may, { accountId: child.id, event, ip, detail: { by: parent.account.id } }, now),
      releaseChildQuery(db, parent.account.id, child.id),
    ]);
    if (released.rows.length === 0) throw new ApiError(409, '20022', 'Only an active child can be released');
    await sendParentalNotice(c, parent.account.email, 'childReleased', { child: child.email });
    return {};
  });

  mount(app, resetChildGameAccess, async (c, { query, session }) => {
    const parent = await requireParent(c, session);
    const child = await ownChild(c, parent, query.childUserNo);
    const db = c.var.db;
    const now = c.var.clock.now();
    const [, reset] = await db.batch([
      auditWhere(
        db,
        inFamily(parent.account.id, child.id),
        {
          accountId: parent.account.id,
          event: 'parental.game-access-reset',
          ip: clientIp(c),
          detail: { childUserNo: child.id },
        },
        now,
      ),
      resetGameAccessQuery(db, parent.account.id, child.id),
    ]);
    if (reset.rows.length === 0) throw new ApiError(400, '20022', 'No such child in this family');
    await sendParentalNotice(c, parent.account.email, 'gameAccessReset', { child: child.email });
    return {};
  });
}
