/**
 * Operations (staff/ops): maintenance on or off (the same CONFIG KV value as the README's command, with a reason
 * in the staff audit log), the region's SMS and mail budgets with today's use (the send gate's counters), and the
 * delivery log of the account events (./EventDeliveries.tsx).
 */
import { useEffect, useState } from 'react';
import { staffOps, staffSetMaintenance } from '../../client/api/staff';
import { settle } from '../../client/http/settle';
import type { Strings, T } from '../../client/t';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { useLoaded } from '../shared/use-loaded';
import { ActionDialog } from './ActionDialog';
import { EventDeliveries } from './EventDeliveries';
import { onStaffFailure } from './StaffFrame';

export function OpsBody({
  t,
  strings,
  locale,
  mayToggle,
  mayReadEvents,
}: {
  t: T;
  strings: Strings;
  locale: string;
  mayToggle: boolean;
  mayReadEvents: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const loaded = useLoaded(() => staffOps());
  const code = loaded.status === 'failed' ? loaded.error.code : undefined;
  const error = useErrorText(strings, code);
  useEffect(() => {
    if (code === 'STAFF_LOGIN_REQUIRED') onStaffFailure(code, () => undefined);
  }, [code]);

  if (loaded.status === 'failed') return <FormError message={error?.message} />;
  if (loaded.status === 'loading') return <p role="status">{t('staff.frame.loading')}</p>;
  const ops = loaded.data;
  const toggle = ops.maintenance ? t('staff.ops.turnOff') : t('staff.ops.turnOn');
  return (
    <>
      <h1>{t('staff.ops.heading')}</h1>
      <FormError message={error?.message} />
      {done !== null && <p role="status">{t('staff.action.done', { id: done })}</p>}
      <section aria-labelledby="staff-maintenance">
        <h2 id="staff-maintenance">{t('staff.ops.maintenance')}</h2>
        <p>{ops.maintenance ? t('staff.ops.maintenanceOn') : t('staff.ops.maintenanceOff')}</p>
        {mayToggle && (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            {toggle}
          </button>
        )}
      </section>
      <section aria-labelledby="staff-budgets">
        <h2 id="staff-budgets">{t('staff.ops.budgets', { region: ops.region })}</h2>
        <dl className="staff-facts">
          <dt>{t('staff.ops.sms')}</dt>
          <dd>{t('staff.ops.used', { used: ops.sms.usedToday, limit: ops.sms.limit })}</dd>
          <dt>{t('staff.ops.mail')}</dt>
          <dd>{t('staff.ops.used', { used: ops.mail.usedToday, limit: ops.mail.limit })}</dd>
        </dl>
      </section>
      {mayReadEvents && <EventDeliveries t={t} strings={strings} locale={locale} />}
      {asking && (
        <ActionDialog
          t={t}
          strings={strings}
          title={toggle}
          onClose={() => setAsking(false)}
          onConfirm={async (reason) => {
            const [refused, result] = await settle(staffSetMaintenance({ on: !ops.maintenance, reason }));
            if (refused !== undefined) return refused.code;
            setDone(result.auditId);
            await loaded.refresh();
            return undefined;
          }}
        />
      )}
    </>
  );
}
