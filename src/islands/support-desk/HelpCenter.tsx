/**
 * Contact Support in a region without the support-desk sign-in (spec §8 20100: th, tw, sea and the others whose
 * region.supportViaDeskLogin is off): the region's help URL, which the ban dialog opens there too.
 */
import region from '@region';
import type { T } from '../../client/t';

export function HelpCenter({ t, headingId, heading }: { t: T; headingId: string; heading: string }) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      <p>{t('supportDesk.help.body')}</p>
      <p>
        <a className="button primary block" href={region.helpUrl} target="_blank" rel="noopener">
          {t('supportDesk.help.link')}
        </a>
      </p>
    </section>
  );
}
