/**
 * Loads GET /newsletter once for the communication screens, with the settings
 * error handling (20001 goes to login) and a retry after a failure.
 */
import { useCallback, useEffect, useState } from 'react';
import { getCommunication } from '../../../client/api/communication';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import type { CommunicationResponse } from '../../../shared/contract/communication';

/** The settings error handling (dialogs, verification, navigation) loads with the first error, not the page. */
async function handled(error: ApiError) {
  const { handleSettingsError } = await import('../handle-error');
  return handleSettingsError(error);
}

export function useCommunication(locale: Locale) {
  const [communication, setCommunication] = useState<CommunicationResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new request (locale or retry) shows the list as loading again before its answer
    setFailed(false);
    void settle(getCommunication(serverLocaleCode(locale))).then(async ([error, data]) => {
      if (!live) return;
      if (error) {
        setFailed(true);
        await handled(error);
        return;
      }
      setCommunication(data);
    });
    return () => {
      live = false;
    };
  }, [locale, attempt]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  /** A settings error of a section: the code to show in it, or undefined when handled here. */
  const onError = useCallback(async (error: ApiError) => {
    const outcome = await handled(error);
    return outcome.kind === 'form' ? outcome.code : undefined;
  }, []);

  return { communication, setCommunication, failed, retry, onError };
}
