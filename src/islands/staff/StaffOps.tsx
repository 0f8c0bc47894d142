/**
 * staff/ops (issue 28 §1 "Ops", §2; docs/staff-console.md): maintenance on or off, the region's message budgets,
 * the account events' delivery log.
 */
import { lazy, Suspense, useMemo } from 'react';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { StaffFrame } from './StaffFrame';
import * as routes from '../../routes/refs';

const OpsBody = lazy(() => import('./OpsBody').then((m) => ({ default: m.OpsBody })));

export function StaffOps({ strings, locale }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  return (
    <StaffFrame t={t} strings={strings} current={routes.staffOps}>
      {(session) => (
        <Suspense fallback={<p role="status">{t('staff.frame.loading')}</p>}>
          <OpsBody
            t={t}
            strings={strings}
            locale={locale}
            mayToggle={session.actions.includes('ops.maintenance')}
            mayReadEvents={session.actions.includes('events.deliveries')}
          />
        </Suspense>
      )}
    </StaffFrame>
  );
}
