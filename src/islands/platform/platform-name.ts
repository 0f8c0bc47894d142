/** The display name of a console platform: its key under platform.names (brand names stay untranslated). */
import type { MessageKey } from '../../client/t';

const NAMES = {
  playstation: 'platform.names.playstation',
  xbox: 'platform.names.xbox',
  nintendo: 'platform.names.nintendo',
  IAL: 'platform.names.IAL',
} as const satisfies Record<string, MessageKey>;

export function platformNameKey(platform: string): MessageKey {
  return platform in NAMES ? NAMES[platform as keyof typeof NAMES] : NAMES.IAL;
}
