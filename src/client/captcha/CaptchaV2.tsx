/**
 * The visible (v2) captcha widget for forms (spec §4 step 1, §5: required on
 * login, create and self-service when shown). External providers render
 * their own dark-theme widget; the dev provider renders a labelled checkbox
 * that yields the token the reference API's dev verifier accepts offline.
 */
import region from '@region';
import { useEffect, useId, useRef, useState } from 'react';
import type { RegionConfig } from '../../regions/schema';
import { $captcha } from '../stores/captcha';
import { DEV_CAPTCHA_TOKEN } from './actions';
import { renderV2Widget } from './loader';

export interface CaptchaV2Props {
  /** Label of the dev provider's checkbox and the widget group ("Verify you are human"). */
  label: string;
  /** Translated error text (e.g. self-service.complete-captcha), shown under the widget. */
  error?: string | undefined;
  onToken?: (token: string | null) => void;
  /** Injected in tests; the build's region otherwise. */
  captcha?: RegionConfig['captcha'];
}

export function CaptchaV2({ label, error, onToken, captcha = region.captcha }: CaptchaV2Props) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (captcha.provider === 'dev' || !el) return undefined;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    void renderV2Widget(
      el,
      (token) => {
        $captcha.setKey('v2Token', token);
        onToken?.(token);
      },
      captcha,
    ).then((c) => {
      if (cancelled) c();
      else cleanup = c;
    });
    return () => {
      cancelled = true;
      cleanup?.();
      $captcha.setKey('v2Token', null);
    };
  }, [captcha, onToken]);

  const errorId = `${id}-error`;
  return (
    <div className="field captcha" role="group" aria-label={label} aria-describedby={error ? errorId : undefined}>
      {captcha.provider === 'dev' ? (
        <label className="check">
          <input
            type="checkbox"
            checked={checked}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChecked(on);
              const token = on ? DEV_CAPTCHA_TOKEN : null;
              $captcha.setKey('v2Token', token);
              onToken?.(token);
            }}
          />
          <span>{label}</span>
        </label>
      ) : (
        <div ref={ref} />
      )}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}
