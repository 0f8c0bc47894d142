/**
 * staff/ (issue 28 §1; docs/staff-console.md): the console's account search and view. The island renders the
 * frame (session, navigation); the body loads on demand, so the page's start-up stays within its budget.
 */
import { lazy, Suspense, useMemo } from 'react';
import { createT } from '../../client/t';
import type { IslandProps } from '../../layouts/screen';
import { StaffFrame } from './StaffFrame';
import * as routes from '../../routes/refs';

const ConsoleBody = lazy(() => import('./ConsoleBody').then((m) => ({ default: m.ConsoleBody })));

export function StaffConsole({ strings, locale }: IslandProps) {
  const t = useMemo(() => createT(strings), [strings]);
  return (
    <StaffFrame t={t} strings={strings} current={routes.staffConsole}>
      {(session) => (
        <Suspense fallback={<p role="status">{t('staff.frame.loading')}</p>}>
          <ConsoleBody t={t} strings={strings} locale={locale} session={session} />
        </Suspense>
      )}
    </StaffFrame>
  );
}
