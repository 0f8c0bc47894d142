/**
 * global/verify/success (spec §2; docs/global-screens.md): the address is verified; "continue" follows the
 * redirect rules every flow end has (route_to, an allowed return_url, else the default page).
 */
import { useEffect, useState } from 'react';
import { createT } from '../../../client/t';
import type { IslandProps } from '../../../layouts/screen';

export function GlobalVerifySuccess({ strings }: IslandProps) {
  const t = createT(strings);
  const [next, setNext] = useState<string | undefined>(undefined);
  useEffect(() => {
    // The allow-list of the flow end loads after the first paint, like gamescale's.
    void import('../../../client/navigation/flow-end').then(({ redirectHref }) => setNext(redirectHref()));
  }, []);
  return (
    <section className="card" aria-labelledby="global-verify-success-heading">
      <h1 id="global-verify-success-heading">{t('global.verifySuccess.heading')}</h1>
      <p role="status">{t('global.verifySuccess.text')}</p>
      {next !== undefined && (
        <p>
          <a className="button primary block" href={next}>
            {t('global.verifySuccess.continue')}
          </a>
        </p>
      )}
    </section>
  );
}
