/**
 * Change name (spec §2 setting/change-name): the player tag is a name plus a
 * random 4-digit number (spec §3); the name is 3–16 letters and digits, no
 * offensive words (20216), and it can be changed twice (spec §9; choosing the
 * first name is free). The server enforces every rule; the form gives the
 * same feedback before the call.
 */
import { useState, type SubmitEvent } from 'react';
import { changePlayerTag } from '../../../client/api/profile';
import { settle } from '../../../client/http/settle';
import { routeHref } from '../../../client/navigation/href';
import { createT, type Strings } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { LazyDialogHost } from '../../shared/LazyDialogHost';
import { refreshAccount } from '../../shared/refresh-account';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { usePageQuery } from '../../shared/use-page-query';
import { useSubmit } from '../../shared/use-submit';
import { formatPlayerTag, useAccount } from '../account';
import { handleSettingsError, loadSettingsErrors } from '../handle-error';
import { onDemandModule, useWarmPath } from '../../shared/warm-path';
import type { NameIssue } from '../../../shared/validation/profile-names';
import * as routes from '../../../routes/refs';

/** The message of each broken tag rule (a tag has no punctuation to repeat: its characters rule refuses it). */
const NAME_ISSUES = {
  required: 'settings.changeName.nameRequired',
  length: 'settings.changeName.nameLength',
  characters: 'settings.changeName.nameCharacters',
  punctuation: 'settings.changeName.namePunctuation',
} as const satisfies Record<NameIssue, string>;

export interface ChangeNameProps {
  strings: Strings;
  locale: Locale;
}

/** The name rules: loaded with the action path at idle (../../shared/warm-path), checked on submit. */
const nameRules = onDemandModule(() => import('../../../shared/validation/profile-names'));

export function ChangeName({ strings, locale }: ChangeNameProps) {
  const t = createT(strings);
  const query = usePageQuery();
  const view = useAccount();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<NameIssue | undefined>(undefined);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const error = useErrorText(strings, code);
  const warm = useWarmPath(nameRules, loadSettingsErrors);
  const back = routeHref(locale, { route: routes.personalInfo }, query);

  async function checkName(value: string): Promise<NameIssue | undefined> {
    const { tagNameIssue } = await nameRules();
    return tagNameIssue(value);
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setCode(undefined);
    const issue = await checkName(name);
    setNameError(issue);
    if (issue !== undefined) return;
    const settled = await submit.run(() =>
      settle(changePlayerTag({ name: name.trim(), language: serverLocaleCode(locale) })),
    );
    if (settled === undefined) return;
    const [failure, result] = settled;
    if (failure) {
      const outcome = await handleSettingsError(failure);
      if (outcome.kind === 'form') setCode(outcome.code);
      return;
    }
    setSaved(formatPlayerTag(result.playerTag));
    setName('');
    await refreshAccount();
  }

  const account = view.status === 'ready' ? view.account : undefined;
  const renames = account?.renamesRemaining ?? 0;
  const firstName = account !== undefined && account.playerTag == null;
  const canChange = account !== undefined && account.emailVerified === true && (firstName || renames > 0);

  return (
    <>
      <section className="card" aria-labelledby="change-name-heading">
        <h1 id="change-name-heading">{t('settings.changeName.heading')}</h1>
        <p className="status-line" role="status">
          {saved !== undefined ? t('settings.changeName.saved', { name: saved }) : ''}
        </p>
        {view.status === 'loading' && (
          <p className="loading-line" role="status">
            {t('settings.changeName.loading')}
          </p>
        )}
        {view.status === 'unavailable' && <p>{t('settings.changeName.unavailable')}</p>}
        {account !== undefined && (
          <dl className="facts">
            <dt>{t('settings.changeName.current')}</dt>
            <dd>
              {formatPlayerTag(account.playerTag) ?? <span className="muted">{t('settings.changeName.none')}</span>}
            </dd>
            <dt>{t('settings.changeName.left')}</dt>
            <dd>{t('settings.changeName.renamesLeft', { n: renames })}</dd>
          </dl>
        )}
        {account !== undefined && account.emailVerified !== true && (
          <div className="alert" role="note">
            <p className="alert-text">{t('settings.changeName.verifyFirst')}</p>
          </div>
        )}
        {account !== undefined && account.emailVerified === true && !canChange && (
          <p>{t('settings.changeName.noneLeft')}</p>
        )}
        {canChange && (
          <form method="post" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={warm} onInput={warm}>
            <FormError message={error?.message} />
            {firstName && <p className="muted">{t('settings.changeName.firstFree')}</p>}
            <TextField
              label={t('settings.changeName.label')}
              name="playerTagName"
              autoComplete="nickname"
              maxLength={64}
              value={name}
              onValueChange={(value) => {
                setName(value);
                if (nameError !== undefined) void checkName(value).then(setNameError);
              }}
              hint={t('settings.changeName.hint')}
              error={nameError === undefined ? undefined : t(NAME_ISSUES[nameError])}
            />
            <SubmitButton busy={busy} busyLabel={t('settings.changeName.saving')}>
              {t('settings.changeName.submit')}
            </SubmitButton>
          </form>
        )}
        <p className="links">
          <a href={back}>{t('settings.changeName.back')}</a>
        </p>
      </section>
      <LazyDialogHost strings={strings} />
    </>
  );
}

export default ChangeName;
