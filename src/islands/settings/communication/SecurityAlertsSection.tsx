/**
 * Security alerts (issue 18; docs/passkeys.md "Security alerts"): whether the
 * optional alerts are emailed — a sign-in from a device new to the account,
 * failed second-step attempts. Notices of account changes are always sent.
 * Loads its own data (GET /security-alerts) and saves at once (audited).
 */
import { useState } from 'react';
import { settle } from '../../../client/http/settle';
import { Checkbox } from '../../shared/Checkbox';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import { useLoaded } from '../../shared/use-loaded';
import type { SectionProps } from './sections';
import '../../shared/forms.css';

// Loaded on first use (after hydration): an API module is a file of its own before interaction otherwise.
const api = () => import('../../../client/api/passkeys');

export function SecurityAlertsSection({ strings, t, onError }: SectionProps) {
  const loaded = useLoaded(() => api().then((m) => m.getSecurityAlerts()));
  // What the player chose here, over what was loaded.
  const [chosen, setEnabled] = useState<boolean | null>(null);
  const enabled = chosen ?? (loaded.status === 'ready' ? loaded.data.enabled : null);
  const failed = loaded.status === 'failed';
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [status, setStatus] = useState('');
  const error = useErrorText(strings, code);

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
