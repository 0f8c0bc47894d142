/**
 * The linking step of the verify-linking screens: the console-linking state's
 * pending account (email, factors, masked phone), loaded on mount. `none`:
 * no password step in progress (expired, or the page opened directly).
 */
import { useEffect, useState } from 'react';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import type { ConsolePlatform } from '../../shared/contract/platform';
import { platformCalls } from './calls';
import type { LinkFactor } from './verify-routes';

export interface PendingLink {
  email: string;
  authTypes: LinkFactor[];
  primaryAuthType: LinkFactor;
  phoneNo: string | null;
}

export function usePendingLink(
  platform: ConsolePlatform,
  onError: (error: ApiError) => void,
): PendingLink | 'none' | undefined {
  const [pending, setPending] = useState<PendingLink | 'none' | undefined>(undefined);
  useEffect(() => {
    void (async () => {
      const [error, state] = await settle((await platformCalls()).getLinkingState(platform));
      if (error) {
        onError(error);
        return;
      }
      setPending(state.pending ?? 'none');
    })();
    // Once per page: the state is read on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onError is the screen's handler, stable in effect
  }, [platform]);
  return pending;
}
