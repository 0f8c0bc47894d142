/** Social and third-party sign-in beyond the spec §7 tpa calls (docs/social.md): one function per call. */
import type { BodyOf } from '../../shared/contract/endpoint';
import type * as c from '../../shared/contract/social';
import { onDemand } from './on-demand';
import type { UnifiedOption } from './options';

const call = onDemand(() => import('../../shared/contract/social'));

type Body<E> = BodyOf<E>;

export const getSocialLink = () => call('getSocialLink');
export const socialLinkWithPassword = (body: Body<typeof c.socialLinkWithPassword>) =>
  call('socialLinkWithPassword', { body });
export const socialLinkRequestCode = (body: Body<typeof c.socialLinkRequestCode>) =>
  call('socialLinkRequestCode', { body });
export const socialLinkVerifyCode = (body: Body<typeof c.socialLinkVerifyCode>) =>
  call('socialLinkVerifyCode', { body });
export const tpaSignupProfile = (body: Body<typeof c.tpaSignupProfile>, o: UnifiedOption = {}) =>
  call('tpaSignupProfile', { body, unified: o.unified });
export const tpaSignupEmailRequestCode = (body: Body<typeof c.tpaSignupEmailRequestCode>, o: UnifiedOption = {}) =>
  call('tpaSignupEmailRequestCode', { body, unified: o.unified });
export const tpaSignupEmailVerifyCode = (body: Body<typeof c.tpaSignupEmailVerifyCode>, o: UnifiedOption = {}) =>
  call('tpaSignupEmailVerifyCode', { body, unified: o.unified });
export const tpaSignup = (body: Body<typeof c.tpaSignup>, o: UnifiedOption = {}) =>
  call('tpaSignup', { body, unified: o.unified });
export const listLinkedAccounts = () => call('listLinkedAccounts');
export const linkSocialAccount = (body: Body<typeof c.linkSocialAccount>) => call('linkSocialAccount', { body });
export const unlinkSocialAccount = (provider: c.SocialProvider) =>
  call('unlinkSocialAccount', { params: { provider } });
