/** Third-party (social) login state (spec §3). */
import { map } from 'nanostores';

export interface ThirdPartyState {
  /** The social-network SDK has been initialised. */
  tpaInit: boolean;
  provider: string;
  email: string;
}

export const $thirdParty = map<ThirdPartyState>({ tpaInit: false, provider: '', email: '' });
