/**
 * self-service/verify/rejected (route self-verify-rejected; issue 13 part B,
 * docs/support-cases.md): support could not confirm ownership. Reached from
 * the link in the rejection email (`?reference=`): offers a new request with
 * more details, or contact with support.
 */
import region from '@region';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { withQuery } from '../../../client/navigation/query';
import { usePageQuery } from '../../shared/use-page-query';
import { caseReferenceOf } from './reference';

export interface CaseRejectedProps {
  strings: Strings;
  locale: Locale;
  /** verify (a new request) and login, built at build time. */
  verifyPath: string;
  loginPath: string;
}

export function CaseRejected({ strings, verifyPath, loginPath }: CaseRejectedProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const reference = caseReferenceOf(query);
  return (
    <section className="card" aria-labelledby="case-rejected-heading">
      <h1 id="case-rejected-heading">{t('supportCase.rejected.heading')}</h1>
      {reference !== undefined && (
        <p>
          {t('supportCase.rejected.reference')} <strong>{reference}</strong>
        </p>
      )}
      <p>{t('supportCase.rejected.body')}</p>
      <p className="muted">{t('supportCase.rejected.hint')}</p>
      <div className="actions stacked">
        <a className="button primary block" href={withQuery(verifyPath, query)}>
          {t('supportCase.rejected.newRequest')}
        </a>
        <a className="button block" href={region.supportUrl} target="_blank" rel="noopener">
          {t('supportCase.rejected.contact')}
        </a>
      </div>
      <p className="form-footer">
        <a href={withQuery(loginPath, query)}>{t('supportCase.rejected.back')}</a>
      </p>
    </section>
  );
}
