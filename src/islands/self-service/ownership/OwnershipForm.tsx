/**
 * self-service/verify (route self-verify-ownership; spec §2, §3 self-service
 * state, §5; issue 13 part B): the form of a player who lost every sign-in
 * and verification method. What a support agent decides on: the account's
 * email or ID, where to answer, the games played (the CDN game list) with
 * the server region of the one title that has NA and EU, an order ID with
 * its purchase date (both or neither), and a description. Submitting stores
 * a support case and leads to verify/escalate with its reference.
 *
 * The page ships the form only: the game list, the rules and the call load
 * on demand (./submit, the content API), the visible captcha only when the
 * configuration asks for it.
 */
import { useStore } from '@nanostores/react';
import region from '@region';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { $captcha, CAPTCHA_FORM_KEYS } from '../../../client/stores/captcha';
import { createT, type Strings } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import { REGIONAL_GAME_ID, GAME_REGIONS, OWNERSHIP_LIMITS } from '../../../shared/validation/ownership-limits';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { Checkbox } from '../../shared/Checkbox';
import type { FieldErrors, OwnershipFormFields } from './submit';
import './ownership.css';
import { useSubmit } from '../../shared/use-submit';

const CaptchaV2 = lazy(() => import('../../../client/captcha/CaptchaV2').then((m) => ({ default: m.CaptchaV2 })));

export interface OwnershipFormProps {
  strings: Strings;
  locale: Locale;
  /** verify/escalate, built from the registry at build time (the island ships no route table). */
  escalatePath: string;
}

interface Game {
  productID: number;
  name: string;
}
type GameList = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; games: Game[] };

const EMPTY: OwnershipFormFields = {
  account: '',
  contactEmail: '',
  productIds: [],
  gameRegion: '',
  orderId: '',
  purchaseDate: '',
  description: '',
};

/**
 * The CDN game list of the build's content region, loaded with the page's first render. Not useLoaded: any failure,
 * the client module's import offline too (no ApiError), shows the list as failed, where useLoaded rethrows it.
 */
function useGameList(): GameList {
  const [list, setList] = useState<GameList>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    import('../../../client/api/content')
      .then(({ getGameList }) => getGameList(region.cdnBase, region.contentRegion))
      .then(
        (games) => {
          if (live) setList({ status: 'ready', games: games.map((g) => ({ productID: g.productID, name: g.name })) });
        },
        () => {
          if (live) setList({ status: 'failed' });
        },
      );
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export function OwnershipForm({ strings, locale, escalatePath }: OwnershipFormProps) {
  const t = useMemo(() => createT(strings), [strings]);
  const { showCaptcha } = useStore($captcha, { keys: CAPTCHA_FORM_KEYS });
  const gameList = useGameList();
  const [fields, setFields] = useState<OwnershipFormFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitter = useSubmit();
  const { busy, code, setCode } = submitter;
  const formError = useErrorText(strings, code);
  const errorRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof OwnershipFormFields>(key: K, value: OwnershipFormFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
  };
  const toggleGame = (id: number, on: boolean) => {
    setFields((f) => {
      const productIds = on ? [...f.productIds, id] : f.productIds.filter((p) => p !== id);
      // The region belongs to the regional title: it goes when the title does.
      return { ...f, productIds, gameRegion: productIds.includes(REGIONAL_GAME_ID) ? f.gameRegion : '' };
    });
  };
  const fieldError = (key: keyof FieldErrors) => {
    const k = errors[key];
    return k === undefined
      ? undefined
      : t(k, { min: OWNERSHIP_LIMITS.descriptionMin, max: OWNERSHIP_LIMITS.descriptionMax });
  };

  // Sent here by the recovery flow (spec §4: no usable factor): the account the player already typed, unless a
  // phone number (an account is named by its email or ID here). Loaded after the first render, not with the page.
  useEffect(() => {
    let live = true;
    void import('../flow').then(({ readFlow }) => {
      const flow = readFlow();
      if (live && flow !== undefined && flow.searchBy !== 'phone')
        setFields((f) => (f.account === '' ? { ...f, account: flow.value } : f));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (formError !== undefined) errorRef.current?.focus();
  }, [formError]);
  // After a refused submit, the first invalid control (in the form's order) takes focus, once it is marked.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    await submitter.run(async () => {
      try {
        const { validate, submit } = await import('./submit');
        const found = validate(fields, Date.now());
        setErrors(found);
        if (Object.keys(found).length > 0) {
          setRefused((n) => n + 1);
          return;
        }
        const failure = await submit(fields, locale, escalatePath);
        if (failure !== undefined) setCode(failure);
      } catch {
        setCode('NETWORK_ERROR');
      }
    });
  }

  const regionalGame =
    gameList.status === 'ready' ? gameList.games.find((g) => g.productID === REGIONAL_GAME_ID) : undefined;
  const descriptionLength = fields.description.trim().length;

  return (
    <form ref={formRef} method="post" className="card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h1>{t('supportCase.form.heading')}</h1>
      <p>{t('supportCase.form.intro')}</p>
      <FormError
        ref={errorRef}
        message={formError?.message}
        support={formError?.showSupport === true ? { href: region.supportUrl, label: t('error.support') } : undefined}
      />
      <TextField
        label={t('supportCase.form.account.label')}
        hint={t('supportCase.form.account.hint')}
        name="account"
        autoComplete="username"
        maxLength={OWNERSHIP_LIMITS.account}
        value={fields.account}
        onValueChange={(v) => set('account', v)}
        error={fieldError('account')}
      />
      <TextField
        label={t('supportCase.form.contact.label')}
        hint={t('supportCase.form.contact.hint')}
        name="contactEmail"
        type="email"
        autoComplete="email"
        value={fields.contactEmail}
        onValueChange={(v) => set('contactEmail', v)}
        error={fieldError('contactEmail')}
      />
      <fieldset className="choices">
        <legend>{t('supportCase.form.games.legend')}</legend>
        {gameList.status === 'loading' && (
          <p className="muted" role="status">
            {t('supportCase.form.games.loading')}
          </p>
        )}
        {gameList.status === 'failed' && <p className="muted">{t('supportCase.form.games.loadFailed')}</p>}
        {gameList.status === 'ready' &&
          gameList.games.map((g) => (
            <Checkbox
              key={g.productID}
              name="productIds"
              label={g.name}
              checked={fields.productIds.includes(g.productID)}
              onCheckedChange={(on) => toggleGame(g.productID, on)}
            />
          ))}
      </fieldset>
      {regionalGame !== undefined && fields.productIds.includes(REGIONAL_GAME_ID) && (
        <fieldset
          className="choices"
          aria-invalid={errors.gameRegion !== undefined ? true : undefined}
          aria-describedby={errors.gameRegion !== undefined ? 'ownership-region-error' : undefined}
        >
          <legend>{t('supportCase.form.region.legend', { game: regionalGame.name })}</legend>
          {GAME_REGIONS.map((r, i) => (
            <div className="check" key={r}>
              <input
                id={`ownership-region-${r}`}
                type="radio"
                name="gameRegion"
                value={r}
                checked={fields.gameRegion === r}
                aria-invalid={i === 0 && errors.gameRegion !== undefined ? true : undefined}
                onChange={() => set('gameRegion', r)}
              />
              <label htmlFor={`ownership-region-${r}`}>{t(`supportCase.form.region.${r}`)}</label>
            </div>
          ))}
          <p id="ownership-region-error" className="field-error" aria-live="polite">
            {fieldError('gameRegion') ?? ''}
          </p>
        </fieldset>
      )}
      <fieldset className="choices">
        <legend>{t('supportCase.form.order.legend')}</legend>
        <p className="field-hint muted">{t('supportCase.form.order.hint')}</p>
        <TextField
          label={t('supportCase.form.orderId.label')}
          name="orderId"
          autoComplete="off"
          maxLength={OWNERSHIP_LIMITS.orderId}
          value={fields.orderId}
          onValueChange={(v) => set('orderId', v)}
          error={fieldError('orderId')}
        />
        <TextField
          label={t('supportCase.form.purchaseDate.label')}
          name="purchaseDate"
          type="date"
          min="2000-01-01"
          value={fields.purchaseDate}
          onValueChange={(v) => set('purchaseDate', v)}
          error={fieldError('purchaseDate')}
        />
      </fieldset>
      <div className="field">
        <label htmlFor="ownership-description">{t('supportCase.form.description.label')}</label>
        <p id="ownership-description-hint" className="field-hint muted">
          {t('supportCase.form.description.hint', {
            min: OWNERSHIP_LIMITS.descriptionMin,
            max: OWNERSHIP_LIMITS.descriptionMax,
          })}
        </p>
        <textarea
          id="ownership-description"
          name="description"
          rows={6}
          value={fields.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          aria-invalid={errors.description !== undefined ? true : undefined}
          aria-describedby={`ownership-description-hint ownership-description-count${
            errors.description !== undefined ? ' ownership-description-error' : ''
          }`}
        />
        <p id="ownership-description-count" className="muted field-hint">
          {t('supportCase.form.description.count', {
            count: descriptionLength,
            max: OWNERSHIP_LIMITS.descriptionMax,
          })}
        </p>
        <p id="ownership-description-error" className="field-error" aria-live="polite">
          {fieldError('description') ?? ''}
        </p>
      </div>
      {showCaptcha && (
        <Suspense fallback={null}>
          <CaptchaV2 label={t('form.captcha.label')} error={fieldError('captcha')} />
        </Suspense>
      )}
      <SubmitButton busy={busy} busyLabel={t('supportCase.form.sending')}>
        {t('supportCase.form.submit')}
      </SubmitButton>
    </form>
  );
}
