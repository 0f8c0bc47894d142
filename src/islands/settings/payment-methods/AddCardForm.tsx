/**
 * The add-card form (docs/payments.md), loaded when the player opens it: the
 * cardholder (spec §3 payment card: given name, surname, email), the card in
 * the provider's field, and "make default". The card goes to the provider
 * (the local test provider's endpoint, or Stripe's iframe); only then is the
 * setup saved to the account, by its id. A declined card is said in the form,
 * and the same setup can take another card.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { addPaymentMethod, devConfirmCardSetup } from '../../../client/api/payment-methods';
import type { ApiError } from '../../../client/http/api-error';
import { settle } from '../../../client/http/settle';
import type { Strings, T } from '../../../client/t';
import { htmlLang, type Locale } from '../../../i18n/locales';
import type { PaymentMethod, CardField } from '../../../shared/contract/payment-methods';
import { Checkbox } from '../../shared/Checkbox';
import { useErrorText } from '../../shared/error-message';
import { FormError } from '../../shared/FormError';
import { useSubmit } from '../../shared/use-submit';
import { SubmitButton } from '../../shared/SubmitButton';
import { TextField } from '../../shared/TextField';
import { cardDigits, holderErrors, localCardErrors, parseExpiry, type FieldErrors } from './card-rules';
import { mountStripeField, type MountedStripeField } from './stripe-field';

export interface Setup {
  setupId: string;
  clientSecret: string;
  field: CardField;
}

export interface AddCardFormProps {
  t: T;
  strings: Strings;
  locale: Locale;
  setup: Setup;
  defaultEmail: string;
  /** The first card is the default whatever the box says, so the box is not offered. */
  first: boolean;
  onSaved: (card: PaymentMethod) => void;
  onCancel: () => void;
  /** Handles a failed save (verification, sign-in…); resolves with a code to show in the form, if any. */
  onSaveError: (error: ApiError) => Promise<string | undefined>;
}

type Field = 'givenName' | 'surname' | 'email' | 'number' | 'expiry' | 'cvc';

export function AddCardForm(props: AddCardFormProps) {
  const { t, strings, locale, setup, defaultEmail, first } = props;
  const [values, setValues] = useState({
    givenName: '',
    surname: '',
    email: defaultEmail,
    number: '',
    expiry: '',
    cvc: '',
  });
  const [makeDefault, setMakeDefault] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const submit = useSubmit();
  const { busy, code, setCode } = submit;
  const [fieldFailed, setFieldFailed] = useState(false);
  const errorText = useErrorText(strings, code);
  const errorRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stripeTarget = useRef<HTMLDivElement>(null);
  const stripeField = useRef<MountedStripeField | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const local = setup.field.kind === 'local';

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (setup.field.kind !== 'stripe' || stripeTarget.current === null) return;
    let cancelled = false;
    mountStripeField(setup.field.publishableKey, stripeTarget.current, htmlLang(locale)).then(
      (mounted) => {
        if (cancelled) mounted.destroy();
        else stripeField.current = mounted;
      },
      () => {
        if (!cancelled) setFieldFailed(true);
      },
    );
    return () => {
      cancelled = true;
      stripeField.current?.destroy();
      stripeField.current = null;
    };
  }, [setup.field, locale]);

  // Focus the error once, when a failed submit's text is there (it may arrive a moment later, with the page's texts).
  const focusError = useRef(false);
  const errorMessage = errorText?.message;
  useEffect(() => {
    if (errorMessage === undefined || !focusError.current) return;
    focusError.current = false;
    errorRef.current?.focus();
  }, [errorMessage]);
  function fail(errorCode: string | undefined) {
    focusError.current = errorCode !== undefined;
    setCode(errorCode);
  }

  const errors: FieldErrors<Field> = {
    ...holderErrors(values),
    ...(local ? localCardErrors(values, new Date()) : {}),
  };
  const shown = (field: Field) => (showErrors && errors[field] ? t(errors[field]) : undefined);
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
  };

  /** Gives the card to the provider's field; resolves with a card error code, or undefined when confirmed. */
  async function confirmCard(): Promise<string | undefined> {
    const billing = { name: `${values.givenName.trim()} ${values.surname.trim()}`, email: values.email.trim() };
    if (!local) {
      if (stripeField.current === null) return 'NETWORK_ERROR';
      const result = await stripeField.current.confirm(setup.clientSecret, billing);
      return result.ok ? undefined : result.code;
    }
    const expiry = parseExpiry(values.expiry);
    if (expiry === null) return 'CARD_EXPIRED';
    const [error] = await settle(
      devConfirmCardSetup({
        setupId: setup.setupId,
        clientSecret: setup.clientSecret,
        number: cardDigits(values.number),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc.trim(),
      }),
    );
    return error?.code;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = (Object.keys(errors) as Field[])[0];
    if (invalid !== undefined) {
      setShowErrors(true);
      inputs.current[invalid]?.focus();
      return;
    }
    await submit.run(async () => {
      const declined = await confirmCard();
      if (declined !== undefined) {
        fail(declined);
        return;
      }
      const [error, result] = await settle(
        addPaymentMethod({
          setupId: setup.setupId,
          givenName: values.givenName.trim(),
          surname: values.surname.trim(),
          email: values.email.trim(),
          makeDefault: first || makeDefault,
        }),
      );
      if (error) fail(await props.onSaveError(error));
      else props.onSaved(result.paymentMethod);
    });
  }

  return (
    <form method="post" className="add-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2 ref={headingRef} tabIndex={-1}>
        {t('settings.payments.form.heading')}
      </h2>
      <FormError ref={errorRef} message={errorText?.message} />
      <div className="name-row">
        <TextField
          ref={(el) => {
            inputs.current.givenName = el;
          }}
          label={t('settings.payments.form.givenName')}
          name="givenName"
          autoComplete="cc-given-name"
          maxLength={64}
          value={values.givenName}
          onValueChange={set('givenName')}
          error={shown('givenName')}
        />
        <TextField
          ref={(el) => {
            inputs.current.surname = el;
          }}
          label={t('settings.payments.form.surname')}
          name="surname"
          autoComplete="cc-family-name"
          maxLength={64}
          value={values.surname}
          onValueChange={set('surname')}
          error={shown('surname')}
        />
      </div>
      <TextField
        ref={(el) => {
          inputs.current.email = el;
        }}
        label={t('settings.payments.form.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onValueChange={set('email')}
        error={shown('email')}
      />
      <fieldset className="card-fields">
        <legend>{t('settings.payments.form.cardLegend')}</legend>
        <p className="muted">
          {local ? t('settings.payments.form.testNotice') : t('settings.payments.form.hostedNotice')}
        </p>
        {local ? (
          <>
            <TextField
              ref={(el) => {
                inputs.current.number = el;
              }}
              label={t('settings.payments.form.number')}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              value={values.number}
              onValueChange={set('number')}
              error={shown('number')}
            />
            <div className="expiry-row">
              <TextField
                ref={(el) => {
                  inputs.current.expiry = el;
                }}
                label={t('settings.payments.form.expiry')}
                name="cardExpiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                value={values.expiry}
                onValueChange={set('expiry')}
                error={shown('expiry')}
              />
              <TextField
                ref={(el) => {
                  inputs.current.cvc = el;
                }}
                label={t('settings.payments.form.cvc')}
                name="cardCvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={values.cvc}
                onValueChange={set('cvc')}
                error={shown('cvc')}
              />
            </div>
          </>
        ) : (
          <>
            {fieldFailed && <p role="alert">{t('settings.payments.fieldFailed')}</p>}
            <div className="stripe-field" ref={stripeTarget} />
          </>
        )}
      </fieldset>
      {!first && (
        <Checkbox
          label={t('settings.payments.form.makeDefault')}
          checked={makeDefault}
          onCheckedChange={setMakeDefault}
        />
      )}
      <div className="actions">
        <SubmitButton busy={busy} busyLabel={t('settings.payments.form.saving')} className="button primary">
          {t('settings.payments.form.save')}
        </SubmitButton>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('settings.payments.form.cancel')}
        </button>
      </div>
    </form>
  );
}

export default AddCardForm;
