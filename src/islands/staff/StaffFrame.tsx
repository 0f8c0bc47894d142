/**
 * What every signed-in staff screen shares: the staff session (GET staff/v1/session; without one the page goes to
 * staff/login), the console's navigation (only the screens the role may use, from the one roles table) and
 * sign-out. The screen's body renders once the session is known.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { staffSession, staffSignOut } from '../../client/api/staff';
import { settle } from '../../client/http/settle';
import { hrefTo, navigate } from '../../client/navigation/browser';
import type { T } from '../../client/t';
import type { StaffSessionInfo } from '../../shared/contract/staff';
import type { RoutePath } from '../../client/navigation/href';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import './staff.css';
import type { Strings } from '../../client/t';
import * as routes from '../../routes/refs';

const SCREENS: readonly { route: RoutePath; label: 'search' | 'audit' | 'ops'; needs: string }[] = [
  { route: routes.staffConsole, label: 'search', needs: 'account.search' },
  { route: routes.staffAudit, label: 'audit', needs: 'audit.search' },
  { route: routes.staffOps, label: 'ops', needs: 'ops.view' },
];

/** A staff call refused for want of a session: back to the sign-in (the session ended or was never there). */
export function onStaffFailure(code: string, show: (code: string) => void): void {
  if (code === 'STAFF_LOGIN_REQUIRED') navigate(routes.staffLogin, { replace: true });
  else show(code);
}

export interface StaffFrameProps {
  t: T;
  strings: Strings;
  /** This page's route. */
  current: RoutePath;
  children: (session: StaffSessionInfo) => ReactNode;
}

export function StaffFrame({ t, strings, current, children }: StaffFrameProps) {
  const [session, setSession] = useState<StaffSessionInfo | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, failure);

  useEffect(() => {
    void settle(staffSession()).then(([refused, info]) => {
      if (refused !== undefined) onStaffFailure(refused.code, setFailure);
      else setSession(info);
    });
  }, []);

  async function signOut() {
    await settle(staffSignOut());
    navigate(routes.staffLogin, { replace: true });
  }

  if (session === null)
    return (
      <div className="card wide">
        <FormError message={error?.message} />
        {failure === undefined && <p role="status">{t('staff.frame.loading')}</p>}
      </div>
    );
  return (
    <div className="card wide staff">
      <header className="staff-header">
        <nav aria-label={t('staff.frame.nav')}>
          <ul className="staff-nav">
            {SCREENS.filter((s) => session.actions.includes(s.needs)).map((s) => (
              <li key={s.route}>
                <a href={hrefTo(s.route)} aria-current={s.route === current ? 'page' : undefined}>
                  {t(`staff.frame.${s.label}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="muted">
          {t('staff.frame.signedInAs', {
            name: session.staff.displayName,
            role: t(`staff.role.${session.staff.role}`),
          })}{' '}
          <button type="button" className="button link" onClick={() => void signOut()}>
            {t('staff.frame.signOut')}
          </button>
        </p>
      </header>
      {children(session)}
    </div>
  );
}
