/**
 * self-service/verify/escalate (route self-verify-escalate; issue 13 part B,
 * docs/support-cases.md): the ownership form's outcome. The case is with
 * support, who answer at the contact address; an approval emails a
 * single-use link to set a new password. Reached from the form with
 * `?reference=`; the reference shows when it has the right shape.
 */
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { withQuery } from '../../../client/navigation/query';
import { usePageQuery } from '../../shared/use-page-query';
import { caseReferenceOf } from './reference';

export interface CaseEscalatedProps {
  strings: Strings;
  locale: Locale;
  /** login, built at build time. */
  loginPath: string;
}

export function CaseEscalated({ strings, loginPath }: CaseEscalatedProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const reference = caseReferenceOf(query);
  return (
    <section className="card" aria-labelledby="case-escalated-heading">
      <h1 id="case-escalated-heading">{t('supportCase.escalated.heading')}</h1>
      {reference !== undefined && (
        <p role="status">
          {t('supportCase.escalated.reference')} <strong>{reference}</strong>
        </p>
      )}
      <p>{t('supportCase.escalated.body')}</p>
      <p>{t('supportCase.escalated.next')}</p>
      <p className="form-footer">
        <a href={withQuery(loginPath, query)}>{t('supportCase.escalated.back')}</a>
      </p>
    </section>
  );
}
