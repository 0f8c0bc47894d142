/**
 * The full-name form of personal info, loaded when the player opens it (the page's script budget,
 * docs/performance.md): the §5 name rules before the call (src/shared/validation/profile-names.ts), then
 * PUT /name; the server's refusals (20216…) go back to the screen.
 */
import { useState, type SubmitEvent } from 'react';
import { updateFullName } from '../../../client/api/profile';
import type { ApiError } from '../../../client/http/api-error';
import type { T } from '../../../client/t';
import { serverLocaleCode, type Locale } from '../../../i18n/locales';
import { fullNameIssue, type NameIssue } from '../../../shared/validation/profile-names';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { useSubmit } from '../../shared/use-submit';

/** The message of each broken name rule. */
const NAME_ISSUES = {
  required: 'settings.personalInfo.nameRequired',
  length: 'settings.personalInfo.nameLength',
  characters: 'settings.personalInfo.nameCharacters',
  punctuation: 'settings.personalInfo.namePunctuation',
} as const satisfies Record<NameIssue, string>;

export interface NameEditorProps {
  t: T;
  locale: Locale;
  initial: string;
  /** Called before each call, to clear the screen's error. */
  onSubmit: () => void;
  onSaved: () => void;
  onFailed: (error: ApiError) => void;
  onCancel: () => void;
}

export function NameEditor({ t, locale, initial, onSubmit, onSaved, onFailed, onCancel }: NameEditorProps) {
  const [name, setName] = useState(initial);
  const [issue, setIssue] = useState<NameIssue | undefined>(undefined);
  // The screen shows a refusal (its settings handler), so the form keeps no code of its own.
  const { busy, run } = useSubmit({
    onError: (error) => {
      onFailed(error);
      return undefined;
    },
  });

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onSubmit();
    const found = fullNameIssue(name);
    setIssue(found);
    if (found !== undefined) return;
    void run(async () => {
      await updateFullName({ fullName: name, language: serverLocaleCode(locale) });
      onSaved();
    });
  }

  return (
    <form method="post" noValidate onSubmit={save}>
      <TextField
        label={t('settings.personalInfo.newName')}
        name="fullName"
        autoComplete="name"
        maxLength={256}
        value={name}
        onValueChange={(value) => {
          setName(value);
          if (issue !== undefined) setIssue(fullNameIssue(value));
        }}
        hint={t('settings.personalInfo.nameHint')}
        error={issue === undefined ? undefined : t(NAME_ISSUES[issue])}
        autoFocus
      />
      <div className="actions">
        <SubmitButton busy={busy} busyLabel={t('settings.personalInfo.saving')} className="button primary">
          {t('settings.personalInfo.save')}
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('settings.personalInfo.cancel')}
        </button>
      </div>
    </form>
  );
}

export default NameEditor;
