/**
 * The console's body (staff/): find an account by an exact value, open it (state, links, factor kinds, sessions,
 * family, cases, security events; never a secret), act on it through a dialog with a written reason, and decide
 * open ownership cases. Controls show only for the actions the role may take (the server checks them anyway).
 */
import { useCallback, useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import {
  staffAccountAction,
  staffAccountView,
  staffCases,
  staffDecideCase,
  staffSearchAccounts,
  type StaffAccountAction,
} from '../../client/api/staff';
import { settle } from '../../client/http/settle';
import type { Strings, T } from '../../client/t';
import type { ResponseOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/staff';
import { BAN_REASONS } from '../../shared/errors/codes';
import { IDENTITY_CHECKS, SEARCH_KINDS, type SearchKind, type StaffAction } from '../../shared/staff/roles';
import type { StaffSessionInfo } from '../../shared/contract/staff';
import { useErrorText } from '../shared/error-message';
import { useLoaded } from '../shared/use-loaded';
import { FormError } from '../shared/FormError';
import { TextField } from '../shared/TextField';
import { ActionDialog, type Choice } from './ActionDialog';
import { onStaffFailure } from './StaffFrame';

type View = ResponseOf<typeof c.staffAccountView>;
type Found = ResponseOf<typeof c.staffSearchAccounts>['items'][number];
type Case = ResponseOf<typeof c.staffCases>['items'][number];

/** Each account action, the roles-table action that allows it, and when it applies to the account shown. */
const ACTIONS: readonly { id: StaffAccountAction; needs: StaffAction; applies: (v: View) => boolean }[] = [
  { id: 'staffBlock', needs: 'account.block', applies: () => true },
  { id: 'staffUnblock', needs: 'account.unblock', applies: (v) => v.banReason !== null },
  { id: 'staffClearLocks', needs: 'locks.clear', applies: () => true },
  { id: 'staffResendVerification', needs: 'verification.resend', applies: (v) => !v.emailVerified },
  { id: 'staffRequirePasswordReset', needs: 'password.require-reset', applies: (v) => !v.passwordResetRequired },
  {
    id: 'staffRemoveTwoFactor',
    needs: 'mfa.remove',
    applies: (v) => v.secondFactors.includes('TOTP') || v.secondFactors.includes('SMS'),
  },
  { id: 'staffCancelDeletion', needs: 'deletion.cancel', applies: (v) => v.pendingDeletion !== null },
];

export interface ConsoleBodyProps {
  t: T;
  strings: Strings;
  locale: string;
  session: StaffSessionInfo;
}

export function ConsoleBody({ t, strings, locale, session }: ConsoleBodyProps) {
  const may = (a: StaffAction) => session.actions.includes(a);
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const [by, setBy] = useState<SearchKind>('email');
  const [source, setSource] = useState('');
  const [value, setValue] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [dialog, setDialog] = useState<{ title: string; choice?: Choice; run: Run } | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  type Run = (reason: string, choice: string | undefined) => Promise<string | undefined>;

  async function search(cursor?: number) {
    setFailure(undefined);
    const [refused, page] = await settle(
      staffSearchAccounts({
        by,
        value: value.trim(),
        ...(by === 'provider' || by === 'platform' ? { source: source.trim().toLowerCase() } : {}),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    );
    if (refused !== undefined) {
      onStaffFailure(refused.code, setFailure);
      return;
    }
    setFound(cursor === undefined ? page.items : [...(found ?? []), ...page.items]);
    setNext(page.nextCursor);
    setView(null);
  }

  const open = useCallback(async (id: number) => {
    setFailure(undefined);
    setDone(null);
    const [refused, shown] = await settle(staffAccountView(id));
    if (refused !== undefined) {
      onStaffFailure(refused.code, setFailure);
      return;
    }
    setView(shown);
  }, []);

  function onSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() !== '') void search();
  }

  function actionDialog(id: StaffAccountAction, account: View) {
    const choice: Choice | undefined =
      id === 'staffBlock'
        ? { label: t('staff.action.banReason'), options: BAN_REASONS.map((r) => ({ value: r, label: r })) }
        : id === 'staffRemoveTwoFactor'
          ? {
              label: t('staff.action.identityCheck'),
              options: IDENTITY_CHECKS.map((k) => ({ value: k, label: t(`staff.action.check.${k}`) })),
            }
          : undefined;
    setDialog({
      title: `${t(`staff.action.${id}`)} · ${t('staff.account.heading', { id: account.id })}`,
      ...(choice === undefined ? {} : { choice }),
      run: async (reason, picked) => {
        const body =
          id === 'staffBlock'
            ? { reason, banReason: picked as (typeof BAN_REASONS)[number] }
            : id === 'staffRemoveTwoFactor'
              ? { reason, identityCheck: picked as (typeof IDENTITY_CHECKS)[number] }
              : { reason };
        const [refused, result] = await settle(staffAccountAction(id, account.id, body));
        if (refused?.code === 'STAFF_LOGIN_REQUIRED') onStaffFailure(refused.code, setFailure);
        if (refused !== undefined) return refused.code;
        // The account is read again (its state changed); the confirmation shows after, or the reload would clear it.
        await open(account.id);
        setDone(result.auditId);
        return undefined;
      },
    });
  }

  return (
    <>
      <h1>{t('staff.console.heading')}</h1>
      <FormError message={error?.message} />
      {done !== null && <p role="status">{t('staff.action.done', { id: done })}</p>}
      <form className="staff-search" noValidate onSubmit={onSearch} role="search">
        <div className="field">
          <label htmlFor="staff-search-by">{t('staff.search.by')}</label>
          <select id="staff-search-by" value={by} onChange={(e) => setBy(e.currentTarget.value as SearchKind)}>
            {SEARCH_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`staff.search.kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {(by === 'provider' || by === 'platform') && (
          <TextField
            label={t('staff.search.source')}
            name="source"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={source}
            onValueChange={setSource}
          />
        )}
        <TextField
          label={t('staff.search.value')}
          name="value"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          value={value}
          onValueChange={setValue}
        />
        <button type="submit" className="button primary">
          {t('staff.search.submit')}
        </button>
      </form>

      {view === null && found !== null && (
        <section aria-labelledby="staff-results">
          <h2 id="staff-results">{t('staff.search.results')}</h2>
          {found.length === 0 ? (
            <p>{t('staff.search.none')}</p>
          ) : (
            <ul className="staff-list">
              {found.map((a) => (
                <li key={a.id}>
                  <button type="button" className="button link" onClick={() => void open(a.id)}>
                    {t('staff.search.open', { id: a.id })}
                  </button>{' '}
                  {a.email}
                  {a.banReason !== null && ` · ${t('staff.account.blocked', { reason: a.banReason })}`}
                </li>
              ))}
            </ul>
          )}
          {next !== null && (
            <button type="button" className="button" onClick={() => void search(next)}>
              {t('staff.search.more')}
            </button>
          )}
        </section>
      )}

      {view !== null && (
        <AccountView t={t} view={view} date={date} onBack={() => setView(null)}>
          <h3>{t('staff.account.actions')}</h3>
          <ul className="staff-actions">
            {ACTIONS.filter((a) => may(a.needs) && a.applies(view)).map((a) => (
              <li key={a.id}>
                <button type="button" className="button" onClick={() => actionDialog(a.id, view)}>
                  {t(`staff.action.${a.id}`)}
                </button>
              </li>
            ))}
          </ul>
        </AccountView>
      )}

      {view === null && may('cases.view') && (
        <OpenCases t={t} strings={strings} may={may('cases.decide')} setDialog={setDialog} onDone={setDone} />
      )}

      {dialog !== null && (
        <ActionDialog
          t={t}
          strings={strings}
          title={dialog.title}
          choice={dialog.choice}
          onConfirm={dialog.run}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function AccountView({
  t,
  view: v,
  date,
  onBack,
  children,
}: {
  t: T;
  view: View;
  date: (ms: number) => string;
  onBack: () => void;
  children: ReactNode;
}) {
  const yesNo = (b: boolean) => t(b ? 'staff.account.yes' : 'staff.account.no');
  const list = (items: string[]) => (items.length === 0 ? t('staff.account.none') : items.join(', '));
  return (
    <section aria-labelledby="staff-account">
      <h2 id="staff-account">{t('staff.account.heading', { id: v.id })}</h2>
      <button type="button" className="button link" onClick={onBack}>
        {t('staff.account.back')}
      </button>
      <h3>{t('staff.account.state')}</h3>
      <dl className="staff-facts">
        <Row label={t('staff.account.email')}>{v.email}</Row>
        <Row label={t('staff.account.status')}>
          {v.banReason !== null
            ? t('staff.account.blocked', { reason: v.banReason })
            : t(v.status === 1 ? 'staff.account.active' : 'staff.account.inactive')}
        </Row>
        <Row label={t('staff.account.region')}>{v.region}</Row>
        <Row label={t('staff.account.ageGroup')}>{t(`staff.account.${v.ageGroup}`)}</Row>
        <Row label={t('staff.account.emailVerified')}>{yesNo(v.emailVerified)}</Row>
        <Row label={t('staff.account.phone')}>{v.phone ?? t('staff.account.none')}</Row>
        <Row label={t('staff.account.resetRequired')}>{yesNo(v.passwordResetRequired)}</Row>
        <Row label={t('staff.account.created')}>{date(v.createdAt)}</Row>
        <Row label={t('staff.account.links')}>
          {list([...v.providers.map((p) => p.provider), ...v.platforms.map((p) => p.platform)])}
        </Row>
        <Row label={t('staff.account.factors')}>{list(v.secondFactors)}</Row>
        <Row label={t('staff.account.passkeys')}>{list(v.passkeys.map((p) => p.name))}</Row>
        <Row label={t('staff.account.trusted')}>{list(v.trustedDevices.map((d) => d.name ?? '—'))}</Row>
        <Row label={t('staff.account.sessions')}>
          {list(v.sessions.map((s) => `${date(s.lastSeenAt)}${s.ip === null ? '' : ` (${s.ip})`}`))}
        </Row>
        <Row label={t('staff.account.family')}>
          {v.family.parentId === null && v.family.childIds.length === 0
            ? t('staff.account.none')
            : [
                v.family.parentId === null ? '' : t('staff.account.parent', { id: v.family.parentId }),
                v.family.childIds.length === 0
                  ? ''
                  : t('staff.account.children', { ids: v.family.childIds.join(', ') }),
              ]
                .filter(Boolean)
                .join(' · ')}
        </Row>
        {v.pendingDeletion !== null && (
          <Row label={t('staff.account.status')}>
            {t('staff.account.deletion', { date: date(v.pendingDeletion.purgeAt) })}
          </Row>
        )}
        <Row label={t('staff.account.cases')}>{list(v.supportCases.map((k) => `${k.reference} (${k.status})`))}</Row>
      </dl>
      {children}
      <h3>{t('staff.account.timeline')}</h3>
      {v.timeline.length === 0 ? (
        <p>{t('staff.account.none')}</p>
      ) : (
        <ol className="staff-timeline">
          {v.timeline.map((e, i) => (
            <li key={i}>
              <time dateTime={new Date(e.at).toISOString()}>{date(e.at)}</time> <code>{e.event}</code>
              {e.ip !== null && ` · ${e.ip}`}
              {e.browser !== null && ` · ${e.browser}`}
              {e.country !== null && ` · ${e.country}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OpenCases({
  t,
  strings,
  may,
  setDialog,
  onDone,
}: {
  t: T;
  strings: Strings;
  may: boolean;
  setDialog: (d: { title: string; run: (reason: string) => Promise<string | undefined> }) => void;
  onDone: (auditId: number) => void;
}) {
  const cases = useLoaded(() => staffCases({ status: 'open' }).then((r) => r.items));
  const code = cases.status === 'failed' ? cases.error.code : undefined;
  const error = useErrorText(strings, code);
  useEffect(() => {
    if (code === 'STAFF_LOGIN_REQUIRED') onStaffFailure(code, () => undefined);
  }, [code]);

  function decide(k: Case, decision: 'approve' | 'reject') {
    setDialog({
      title: t(decision === 'approve' ? 'staff.cases.approve' : 'staff.cases.reject', { reference: k.reference }),
      run: async (reason) => {
        const [refused, result] = await settle(staffDecideCase(k.reference, { decision, reason }));
        if (refused !== undefined) return refused.code;
        onDone(result.auditId);
        await cases.refresh();
        return undefined;
      },
    });
  }

  if (cases.status === 'failed') return <FormError message={error?.message} />;
  if (cases.status === 'loading') return null;
  return (
    <section aria-labelledby="staff-cases">
      <h2 id="staff-cases">{t('staff.cases.heading')}</h2>
      {cases.data.length === 0 ? (
        <p>{t('staff.cases.none')}</p>
      ) : (
        <ul className="staff-list">
          {cases.data.map((k) => (
            <li key={k.reference}>
              <strong>{k.reference}</strong> · {t('staff.cases.account', { value: k.accountInput })} · {k.contactEmail}
              <p className="muted">{k.description}</p>
              {may && (
                <p>
                  <button type="button" className="button" onClick={() => decide(k, 'approve')}>
                    {t('staff.cases.approve', { reference: k.reference })}
                  </button>{' '}
                  <button type="button" className="button" onClick={() => decide(k, 'reject')}>
                    {t('staff.cases.reject', { reference: k.reference })}
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
