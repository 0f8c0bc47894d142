/**
 * The communication-preference screen is a list of sections, each a card of
 * its own with the same props. The newsletters and the SMS opt-in share the
 * one answer of GET /newsletter, loaded by the screen; a section with data of
 * its own (security alerts, issue 12 H7) loads it itself and ignores it.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { Strings, T } from '../../../client/t';
import type { Locale } from '../../../i18n/locales';
import type { CommunicationResponse } from '../../../shared/contract/communication';
import type { ApiError } from '../../../client/http/api-error';
import type { AccountState } from '../../../client/stores/account';

export interface SectionProps {
  strings: Strings;
  t: T;
  locale: Locale;
  /** The signed-in account, once the settings refresh has loaded it. */
  account: AccountState | null;
  /** True while that read is on its way (false once it answered, and in the one region, which has no such read). */
  accountLoading: boolean;
  /** GET /newsletter's answer; null while it loads, and after it failed. */
  communication: CommunicationResponse | null;
  /** GET /newsletter failed: the screen says so with a retry, and the sections show no loading state meanwhile. */
  communicationFailed: boolean;
  setCommunication: Dispatch<SetStateAction<CommunicationResponse | null>>;
  /** Handles a settings error: the code of a form text for the section to show, or undefined when handled. */
  onError: (error: ApiError) => Promise<string | undefined>;
}
