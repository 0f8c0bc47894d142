/**
 * setting/parental-controls/add-child/complete (spec §2): the child just added to the family — by the sign-up
 * or the sign-in of add-child — named by its email and name from the family list (the `child` query names its
 * globalUserNo). Then add another child, or manage the family on the parental-controls tab.
 */
import { getFamilyMembers } from '../../../client/api/parental';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { FamilyMember } from '../../../shared/contract/parental';
import { useLoaded } from '../../shared/use-loaded';
import { useMountedQuery } from '../../shared/use-page-query';
import * as routes from '../../../routes/refs';

export interface AddChildCompleteProps {
  strings: Strings;
  locale: Locale;
}

type View =
  | { readonly status: 'loading' }
  /** The family list did not name the child (no or an unknown id, or the list failed): said without a name. */
  | { readonly status: 'unnamed' }
  | { readonly status: 'named'; readonly child: FamilyMember };

export function AddChildComplete({ strings, locale }: AddChildCompleteProps) {
  const t = createT(strings);
  const mounted = useMountedQuery();
  const query = mounted ?? new URLSearchParams();
  const childNo = mounted === null ? null : Number(mounted.get('child') ?? '');
  // Loaded again once the query is read (mounted: the built HTML has none; null before). A list that failed or does
  // not name the child says it was added without a name.
  const loaded = useLoaded(async (): Promise<View | null> => {
    if (childNo === null) return null;
    if (!Number.isInteger(childNo) || childNo <= 0) return { status: 'unnamed' };
    const [error, family] = await settle(getFamilyMembers());
    const child = error ? undefined : family.children.find((c) => c.globalUserNo === childNo && !c.isMe);
    return child ? { status: 'named', child } : { status: 'unnamed' };
  }, childNo);
  const view: View = loaded.status === 'ready' && loaded.data !== null ? loaded.data : { status: 'loading' };

  // Adding another child is the child flow (spec §2 add-child-signup, parental_flow_mode=child); the family tab
  // ends the setup.
  const childFlow = { parental_flow_mode: 'child' };
  const family = { parental_flow_mode: undefined };
  return (
    <section className="card" aria-labelledby="add-child-complete-heading">
      <h1 id="add-child-complete-heading">{t('parentalSetup.addChildComplete.heading')}</h1>
      {view.status === 'loading' && <p className="loading-line">{t('parentalSetup.common.loading')}</p>}
      {view.status === 'named' && (
        <p role="status">
          {view.child.name === ''
            ? t('parentalSetup.addChildComplete.addedEmail', { email: view.child.email })
            : t('parentalSetup.addChildComplete.added', { name: view.child.name, email: view.child.email })}
        </p>
      )}
      {view.status === 'unnamed' && <p role="status">{t('parentalSetup.addChildComplete.addedUnnamed')}</p>}
      <p className="muted">{t('parentalSetup.addChildComplete.next')}</p>
      <div className="actions stacked">
        <a
          className="button primary block"
          href={routeHref(locale, { route: routes.parentalControls, query: family }, query)}
        >
          {t('parentalSetup.common.familyTab')}
        </a>
        <a className="button block" href={routeHref(locale, { route: routes.addChildSignup, query: childFlow }, query)}>
          {t('parentalSetup.addChildComplete.another')}
        </a>
        <a className="button block" href={routeHref(locale, { route: routes.addChildLogin, query: childFlow }, query)}>
          {t('parentalSetup.addChildComplete.anotherExisting')}
        </a>
      </div>
    </section>
  );
}
