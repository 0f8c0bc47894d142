/**
 * Security alerts (issue 18; docs/passkeys.md "Security alerts"): whether the
 * optional alerts are emailed — a sign-in from a device new to the account,
 * failed second-step attempts. Notices of account changes are always sent.
 * Loads its own data (GET /security-alerts) and saves at once (audited).
 */
import { useEffect, useState } from 'react';
import { settle } from '../../../client/http/settle';
import { Checkbox } from '../../shared/Checkbox';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import type { SectionProps } from './sections';
import '../../shared/forms.css';

// Loaded on first use (after hydration): an API module is a file of its own before interaction otherwise.
const api = () => import('../../../client/api/passkeys');

export function SecurityAlertsSection({ strings, t, onError }: SectionProps) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [status, setStatus] = useState('');
  const error = useErrorText(strings, code);

  // Its own load rather than the kit's useLoaded: the hook would be one more file on the communication page, which
  // then went 8 B over its budget in the th build (measured, issue 25).
  useEffect(() => {
    void settle(api().then((m) => m.getSecurityAlerts())).then(([failure, data]) => {
      if (failure) setFailed(true);
      else setEnabled(data.enabled);
    });
  }, []);

  async function toggle(on: boolean) {
    if (busy) return;
    setStatus('');
    const settled = await submit.run(() => settle(api().then((m) => m.setSecurityAlerts({ enabled: on }))));
    if (settled === undefined) return;
    const [failure] = settled;
    if (failure) {
      setCode(await onError(failure));
      return;
    }
    setEnabled(on);
    setStatus(t(on ? 'passkeys.alerts.on' : 'passkeys.alerts.off'));
  }

  return (
    <section className="card" aria-labelledby="security-alerts-heading" aria-busy={busy || undefined}>
      <h2 id="security-alerts-heading">{t('passkeys.alerts.title')}</h2>
      <FormError message={error?.message} />
      {enabled === null ? (
        <p className={failed ? undefined : 'loading-line'}>
          {t(failed ? 'settings.common.unavailable' : 'settings.common.loading')}
        </p>
      ) : (
        <Checkbox
          label={t('passkeys.alerts.label')}
          hint={t('passkeys.alerts.hint')}
          name="securityAlerts"
          checked={enabled}
          onCheckedChange={(on) => void toggle(on)}
        />
      )}
      <p role="status" className="status-line">
        {status}
      </p>
    </section>
  );
}
