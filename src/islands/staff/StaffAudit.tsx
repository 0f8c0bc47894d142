/** staff/audit (issue 28 §1 "The audit log"; docs/staff-console.md): search by staff member or account, export. */
import { lazy, Suspense, useMemo } from 'react';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { StaffFrame } from './StaffFrame';
import * as routes from '../../routes/refs';

const AuditBody = lazy(() => import('./AuditBody').then((m) => ({ default: m.AuditBody })));

export function StaffAudit({ strings, locale }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  return (
    <StaffFrame t={t} strings={strings} current={routes.staffAudit}>
      {() => (
        <Suspense fallback={<p role="status">{t('staff.frame.loading')}</p>}>
          <AuditBody t={t} strings={strings} locale={locale} />
        </Suspense>
      )}
    </StaffFrame>
  );
}
