/**
 * The staff audit log (staff/audit): newest first, by staff member's email or by account ID, paged; the entries
 * shown export as CSV (RFC 4180 quoting; a cell that a spreadsheet would read as a formula is prefixed with ').
 */
import { useState, type SubmitEvent } from 'react';
import { staffAuditLog } from '../../client/api/staff';
import { settle } from '../../client/http/settle';
import type { Strings, T } from '../../client/t';
import type { ResponseOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/staff';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { TextField } from '../shared/TextField';
import { onStaffFailure } from './StaffFrame';

type Entry = ResponseOf<typeof c.staffAuditLog>['items'][number];

/** One CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised (CSV injection). */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function auditCsv(entries: readonly Entry[]): string {
  const head = ['id', 'at', 'staff_email', 'action', 'account_id', 'reason', 'before', 'after', 'detail'];
  const rows = entries.map((e) =>
    [e.id, new Date(e.at).toISOString(), e.staffEmail, e.action, e.accountId, e.reason, e.before, e.after, e.detail]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...rows].join('\r\n') + '\r\n';
}

export function AuditBody({ t, strings, locale }: { t: T; strings: Strings; locale: string }) {
  const [staffEmail, setStaffEmail] = useState('');
  const [accountId, setAccountId] = useState('');
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);

  async function load(cursor?: number) {
    setFailure(undefined);
    const [refused, page] = await settle(
      staffAuditLog({
        ...(staffEmail.trim() === '' ? {} : { staffEmail: staffEmail.trim() }),
        ...(/^\d+$/.test(accountId.trim()) ? { accountId: Number(accountId.trim()) } : {}),
        ...(cursor === undefined ? {} : { cursor }),
        limit: 100,
      }),
    );
    if (refused !== undefined) {
      onStaffFailure(refused.code, setFailure);
      return;
    }
    setEntries(cursor === undefined ? page.items : [...(entries ?? []), ...page.items]);
    setNext(page.nextCursor);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void load();
  }

  function exportCsv() {
    if (entries === null) return;
    const url = URL.createObjectURL(new Blob([auditCsv(entries)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'staff-audit.csv';
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <>
      <h1>{t('staff.audit.heading')}</h1>
      <FormError message={error?.message} />
      <form className="staff-search" noValidate onSubmit={onSubmit} role="search">
        <TextField
          label={t('staff.audit.staffEmail')}
          name="staffEmail"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          value={staffEmail}
          onValueChange={setStaffEmail}
        />
        <TextField
          label={t('staff.audit.accountId')}
          name="accountId"
          inputMode="numeric"
          maxLength={15}
          value={accountId}
          onValueChange={(v) => setAccountId(v.replace(/\D/g, ''))}
        />
        <button type="submit" className="button primary">
          {t('staff.audit.submit')}
        </button>
      </form>
      {entries !== null &&
        (entries.length === 0 ? (
          <p>{t('staff.audit.none')}</p>
        ) : (
          <>
            <button type="button" className="button" onClick={exportCsv}>
              {t('staff.audit.export')}
            </button>
            <div className="staff-table-wrap">
              <table className="staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t('staff.audit.when')}</th>
                    <th scope="col">{t('staff.audit.who')}</th>
                    <th scope="col">{t('staff.audit.what')}</th>
                    <th scope="col">{t('staff.audit.account')}</th>
                    <th scope="col">{t('staff.audit.why')}</th>
                    <th scope="col">{t('staff.audit.change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id}>
                      <td>{date(e.at)}</td>
                      <td>{e.staffEmail}</td>
                      <td>
                        <code>{e.action}</code>
                      </td>
                      <td>{e.accountId ?? '—'}</td>
                      <td>{e.reason}</td>
                      <td>
                        <code>{e.before ?? '—'}</code> → <code>{e.after ?? '—'}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {next !== null && (
              <button type="button" className="button" onClick={() => void load(next)}>
                {t('staff.audit.more')}
              </button>
            )}
          </>
        ))}
    </>
  );
}
