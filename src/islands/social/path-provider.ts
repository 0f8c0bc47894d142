/** The {socialProvider} of a screen's path ("login/callback/google" → google), read at build time. */
import { SOCIAL_PROVIDERS } from '../../regions/schema';
import type { SocialProvider } from './providers';

export function providerOfPath(relPath: string): SocialProvider | undefined {
  const last = relPath.split('/').at(-1);
  return (SOCIAL_PROVIDERS as readonly string[]).includes(last ?? '') ? (last as SocialProvider) : undefined;
}
