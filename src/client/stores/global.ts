/**
 * Global state (spec §3). `region` is the build's region; device flags are
 * filled by the app shell at start; the persisted keys (verifiedTokenEmail,
 * consoleTracking, tpaClicked, verificationParams) live in persisted.ts and the
 * loading flag in loading.ts.
 */
import region from '@region';
import { map } from 'nanostores';
import type { Configuration } from '../../shared/contract/config';
import type { AppType } from '../navigation/stored-params';

export interface DeviceFlags {
  mobile: boolean;
  /** Legacy Internet Explorer (shown an unsupported-browser hint by screens that need it). */
  ie: boolean;
  /** Embedded in the game launcher. */
  launcher: boolean;
  /** Running inside an app host (launcher or store connector): "app mode". */
  application: boolean;
  playStation: boolean;
}

export type Channel = 'web' | 'launcher' | 'steam' | 'toy' | 'toy_community' | 'developers';

export interface GlobalState {
  region: string;
  device: DeviceFlags;
  configurations: Configuration | null;
  thirdPartyList: string[];
  /** Content-delivery game list (gamelist.json), once fetched. */
  gameList: readonly unknown[];
  migration: boolean;
  challengeTitle: string;
  authorizeParams: Record<string, string> | null;
  productId: string | null;
  partnerKey: string | null;
  optOutInfo: Record<string, string> | null;
  directReturn: boolean;
  channel: Channel;
  createdAccountEmail: string | null;
  appType: AppType;
  landing: string | null;
  appId: string | null;
  signupParams: Record<string, string> | null;
  lang: string;
}

export const initialDeviceFlags: DeviceFlags = {
  mobile: false,
  ie: false,
  launcher: false,
  application: false,
  playStation: false,
};

export const $global = map<GlobalState>({
  region: region.id,
  device: initialDeviceFlags,
  configurations: null,
  thirdPartyList: [],
  gameList: [],
  migration: false,
  challengeTitle: '',
  authorizeParams: null,
  productId: null,
  partnerKey: null,
  optOutInfo: null,
  directReturn: false,
  channel: 'web',
  createdAccountEmail: null,
  appType: 'web',
  landing: null,
  appId: null,
  signupParams: null,
  lang: 'en',
});

/** Device flags from the user agent (the launcher flags come from the host bridge). */
export function deviceFlagsFromUserAgent(ua: string): Pick<DeviceFlags, 'mobile' | 'ie' | 'playStation'> {
  return {
    mobile: /Android|iPhone|iPad|iPod|Mobile/i.test(ua),
    ie: /MSIE |Trident\//.test(ua),
    playStation: /PlayStation/i.test(ua),
  };
}
