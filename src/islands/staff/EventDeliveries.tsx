/**
 * The delivery log of the account events sent to the game back ends (staff/ops, admin role; issue 28 §2,
 * docs/events.md): newest first, by status. Each row says what was sent, when, how many attempts and how the
 * endpoint last answered (its HTTP status, or that it did not answer); the API's error text is not shown.
 */
import { useState } from 'react';
import { staffEventDeliveries } from '../../client/api/staff';
import type { Strings, T } from '../../client/t';
import { DELIVERY_STATUSES } from '../../shared/contract/events';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { useLoaded } from '../shared/use-loaded';

type Status = (typeof DELIVERY_STATUSES)[number];

export function EventDeliveries({ t, strings, locale }: { t: T; strings: Strings; locale: string }) {
  const [status, setStatus] = useState<Status | 'all'>('all');
  const loaded = useLoaded(() => staffEventDeliveries(status === 'all' ? {} : { status }), status);
  const error = useErrorText(strings, loaded.status === 'failed' ? loaded.error.code : undefined);
  const date = (iso: string | null) =>
    iso === null
      ? '—'
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <section aria-labelledby="staff-events">
      <h2 id="staff-events">{t('staff.ops.events.heading')}</h2>
      <div className="field">
        <label htmlFor="staff-events-status">{t('staff.ops.events.status')}</label>
        <select
          id="staff-events-status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as Status | 'all')}
        >
          <option value="all">{t('staff.ops.events.all')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`staff.ops.events.state.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {loaded.status === 'failed' && <FormError message={error?.message} />}
      {loaded.status === 'loading' && <p role="status">{t('staff.frame.loading')}</p>}
      {loaded.status === 'ready' &&
        (loaded.data.items.length === 0 ? (
          <p>{t('staff.ops.events.none')}</p>
        ) : (
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t('staff.ops.events.when')}</th>
                  <th scope="col">{t('staff.ops.events.type')}</th>
                  <th scope="col">{t('staff.ops.events.endpoint')}</th>
                  <th scope="col">{t('staff.ops.events.status')}</th>
                  <th scope="col">{t('staff.ops.events.attempts')}</th>
                  <th scope="col">{t('staff.ops.events.lastAnswer')}</th>
                  <th scope="col">{t('staff.ops.events.next')}</th>
                </tr>
              </thead>
              <tbody>
                {loaded.data.items.map((d) => (
                  <tr key={`${d.eventId} ${d.endpointId}`}>
                    <td>{date(d.occurredAt)}</td>
                    <td>
                      <code>{d.type}</code>
                    </td>
                    <td>
                      <code>{d.endpointId}</code>
                    </td>
                    <td>{t(`staff.ops.events.state.${d.status}`)}</td>
                    <td>{d.attempts}</td>
                    <td>
                      {d.lastAttemptAt === null
                        ? '—'
                        : d.lastStatusCode === null
                          ? t('staff.ops.events.noAnswer')
                          : t('staff.ops.events.httpStatus', { code: d.lastStatusCode })}
                    </td>
                    <td>{date(d.nextAttemptAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
