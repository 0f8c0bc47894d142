/**
 * setting/parental-controls (spec §2 settings tab, §3 family, §6 parent role,
 * issue 14): the family list of a parent — each child's email, name, status
 * and accessible games; the parent's own entry (isMe) with a "you" marker and
 * full name, without status, games or controls. Per child: deactivate or
 * reactivate, release from the family (active children only), reset game
 * access, each after a confirm dialog and followed by the update-success
 * message and a refreshed list. Add a child (add-child/signup or /login) and
 * turn parental controls off (refused with 20233 while children remain).
 * Release, deactivation and turning off need a recent parental-control
 * verification: the API answers 20008 N=10 and the settings error handling
 * starts it (cancel goes to setting); the player repeats the action after.
 * An account that is not a parent (or whose family cannot be read: spec §8,
 * 20002 ignored, other errors mean "not set") gets the explanation and the
 * way to set controls up.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  disableParentalControls,
  getFamilyMembers,
  releaseChild,
  resetChildGameAccess,
  setChildStatus,
} from '../../client/api/parental';
import { confirmDialog, type TextVars } from '../../client/dialogs/queue';
import type { ApiError } from '../../client/http/api-error';
import { settle } from '../../client/http/settle';
import { routeHref } from '../../client/navigation/href';
import { createT, type Strings } from '../../client/t';
import type { Locale } from '../../i18n/locales';
import type { FamilyMember } from '../../shared/contract/parental';
import { useErrorText } from '../shared/error-message';
import { FormError } from '../shared/FormError';
import { LazyDialogHost } from '../shared/LazyDialogHost';
import { usePageQuery } from '../shared/use-page-query';
import { handleSettingsError } from '../settings/handle-error';
import { gameNames, isActive, orderMembers, productIds } from './family-view';
import { useSubmit } from '../shared/use-submit';
import * as routes from '../../routes/refs';

export interface ParentalControlsProps {
  strings: Strings;
  locale: Locale;
}

type FamilyState =
  | { readonly status: 'loading' }
  /** Not a parent, or the family could not be read (spec §8: parental not set). */
  | { readonly status: 'none' }
  /** A parent who started the setup but has not given consent yet. */
  | { readonly status: 'unfinished' }
  | { readonly status: 'ready'; readonly members: readonly FamilyMember[] };

/** A confirm dialog's keys under family.confirm.{action}. */
type ConfirmAction = 'deactivate' | 'reactivate' | 'release' | 'reset' | 'disable';

function confirmAction(action: ConfirmAction, vars?: TextVars): Promise<boolean> {
  return confirmDialog({
    titleKey: `family.confirm.${action}.title`,
    messageKey: `family.confirm.${action}.body`,
    ...(vars === undefined ? {} : { messageVars: vars }),
    confirmKey: `family.confirm.${action}.confirm`,
  });
}

export function ParentalControls({ strings, locale }: ParentalControlsProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const [family, setFamily] = useState<FamilyState>({ status: 'loading' });
  const [games, setGames] = useState<ReadonlyMap<number, string>>(new Map());
  const submit = useSubmit();
  const { busy, code: formCode, setCode: setFormCode } = submit;
  const formText = useErrorText(strings, formCode);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Its own load, not useLoaded: an action's busy lasts until the list and the game names are in again, and
  // useLoaded's refresh settles with the list alone (docs/screens.md).
  const load = useCallback(async () => {
    const [error, result] = await settle(getFamilyMembers());
    if (error) {
      // Sign-in expiry and the like are handled there; for this call 20002 is ignored and any other code means
      // parental controls are not set (src/client/errors/other-codes.ts): the tab offers to set them up.
      await handleSettingsError(error);
      setFamily({ status: 'none' });
      return;
    }
    if (!result.isParent) setFamily({ status: 'none' });
    else if (!result.isParentalSet) setFamily({ status: 'unfinished' });
    else setFamily({ status: 'ready', members: orderMembers(result.children) });
    // Game names only when a child has game access to name.
    if (result.children.some((m) => !m.isMe && productIds(m).length > 0)) {
      const names = await import('./game-names').then((m) => m.loadGameNames()).catch(() => undefined);
      if (names) setGames(names);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the load sets state only after its first await; the compiler cannot see through the callback
    void load();
  }, [load]);

  async function fail(error: ApiError) {
    const outcome = await handleSettingsError(error);
    if (outcome.kind === 'form') setFormCode(outcome.code);
  }

  /** One action: confirmed, called, then the update-success message and the list again; the heading gets focus. */
  async function run(confirm: () => Promise<boolean>, change: () => Promise<unknown>) {
    if (busy) return;
    setNotice(undefined);
    await submit.run(async () => {
      if (!(await confirm())) return;
      const [error] = await settle(change());
      if (error) {
        await fail(error);
        return;
      }
      setNotice(t('family.updateSuccess'));
      await load();
      headingRef.current?.focus();
    });
  }

  const who = (child: FamilyMember) => ({ name: child.name === '' ? child.email : child.name });
  const deactivate = (child: FamilyMember) =>
    run(
      () => confirmAction('deactivate', who(child)),
      () => setChildStatus(child.globalUserNo, false),
    );
  const reactivate = (child: FamilyMember) =>
    run(
      () => confirmAction('reactivate', who(child)),
      () => setChildStatus(child.globalUserNo, true),
    );
  const release = (child: FamilyMember) =>
    run(
      () => confirmAction('release', who(child)),
      () => releaseChild(child.globalUserNo),
    );
  const resetGames = (child: FamilyMember) =>
    run(
      () => confirmAction('reset', who(child)),
      () => resetChildGameAccess(child.globalUserNo),
    );
  const turnOff = () =>
    run(
      () => confirmAction('disable'),
      () => disableParentalControls(),
    );

  const startHref = routeHref(locale, { route: routes.parentalStart }, query);

  return (
    <>
      <section className="card family" aria-labelledby="family-heading">
        <h1 id="family-heading" ref={headingRef} tabIndex={-1}>
          {t('family.heading')}
        </h1>
        <FormError message={formText?.message} />
        <p role="status" className="status-line">
          {notice ?? ''}
        </p>
        {family.status === 'loading' && <p className="loading-line">{t('family.loading')}</p>}
        {family.status === 'none' && (
          <>
            <p>{t('family.about.intro')}</p>
            <ul>
              <li>{t('family.about.consent')}</li>
              <li>{t('family.about.children')}</li>
              <li>{t('family.about.manage')}</li>
            </ul>
            <div className="actions">
              <a className="button primary" href={startHref}>
                {t('family.about.start')}
              </a>
            </div>
          </>
        )}
        {family.status === 'unfinished' && (
          <>
            <p>{t('family.unfinished.body')}</p>
            <div className="actions">
              <a className="button primary" href={startHref}>
                {t('family.unfinished.continue')}
              </a>
            </div>
          </>
        )}
        {family.status === 'ready' && (
          <>
            <p className="muted">{t('family.intro')}</p>
            <ul className="item-list" aria-label={t('family.listLabel')}>
              {family.members.map((member) => (
                <MemberItem
                  key={member.globalUserNo}
                  member={member}
                  t={t}
                  games={games}
                  busy={busy}
                  onDeactivate={() => void deactivate(member)}
                  onReactivate={() => void reactivate(member)}
                  onRelease={() => void release(member)}
                  onResetGames={() => void resetGames(member)}
                />
              ))}
            </ul>
            {!family.members.some((m) => !m.isMe) && <p>{t('family.noChildren')}</p>}
            <h2>{t('family.add.heading')}</h2>
            <p className="muted">{t('family.add.body')}</p>
            <div className="actions">
              <a className="button primary" href={routeHref(locale, { route: routes.addChildSignup }, query)}>
                {t('family.add.signup')}
              </a>
              <a className="button" href={routeHref(locale, { route: routes.addChildLogin }, query)}>
                {t('family.add.login')}
              </a>
            </div>
            <h2>{t('family.disable.heading')}</h2>
            <p className="muted">{t('family.disable.body')}</p>
            <div className="actions">
              <button type="button" className="button" disabled={busy} onClick={() => void turnOff()}>
                {t('family.disable.button')}
              </button>
            </div>
          </>
        )}
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

interface MemberItemProps {
  member: FamilyMember;
  t: ReturnType<typeof createT>;
  games: ReadonlyMap<number, string>;
  busy: boolean;
  onDeactivate: () => void;
  onReactivate: () => void;
  onRelease: () => void;
  onResetGames: () => void;
}

function MemberItem({ member, t, games, busy, onDeactivate, onReactivate, onRelease, onResetGames }: MemberItemProps) {
  const headingId = `member-${String(member.globalUserNo)}`;
  const title = member.name === '' ? member.email : member.name;
  if (member.isMe)
    return (
      <li className="item" aria-labelledby={headingId}>
        <h2 id={headingId} className="item-title">
          {title}
          <span className="badge on">{t('family.you')}</span>
        </h2>
        <dl className="device-meta">
          <dt>{t('family.field.email')}</dt>
          <dd>{member.email}</dd>
          <dt>{t('family.field.name')}</dt>
          <dd>{member.name}</dd>
        </dl>
      </li>
    );
  const active = isActive(member);
  const ids = productIds(member);
  return (
    <li className="item" aria-labelledby={headingId}>
      <h2 id={headingId} className="item-title">
        {title}
        <span className={active ? 'badge on' : 'badge warn'}>
          {active ? t('family.status.active') : t('family.status.inactive')}
        </span>
      </h2>
      <dl className="device-meta">
        <dt>{t('family.field.email')}</dt>
        <dd>{member.email}</dd>
        <dt>{t('family.field.name')}</dt>
        <dd>{member.name}</dd>
        <dt>{t('family.field.games')}</dt>
        <dd>{ids.length === 0 ? t('family.games.none') : gameNames(ids, games).join(', ')}</dd>
      </dl>
      <div className="actions">
        {active ? (
          <button
            type="button"
            className="button"
            // While an action runs (and the list reloads after it) a click would be dropped: say so.
            disabled={busy}
            aria-describedby={headingId}
            onClick={onDeactivate}
          >
            {t('family.action.deactivate')}
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} aria-describedby={headingId} onClick={onReactivate}>
            {t('family.action.reactivate')}
          </button>
        )}
        {active && (
          <button type="button" className="button" disabled={busy} aria-describedby={headingId} onClick={onRelease}>
            {t('family.action.release')}
          </button>
        )}
        <button type="button" className="button" disabled={busy} aria-describedby={headingId} onClick={onResetGames}>
          {t('family.action.reset')}
        </button>
      </div>
    </li>
  );
}

export default ParentalControls;
