/**
 * The site-wide notification banner (spec §2, §7 "Content delivery"): the
 * entry named Account of {cdnBase}/web/v2/{contentRegion}/notifications.json,
 * in the page's locale, else English. A failed fetch shows nothing.
 */
import region from '@region';
import { accountNotice, notificationsPath, notificationsSchema } from '../../shared/contract/content';
import { getJson } from '../http/client';
import { hook, hookText } from './dom';

export async function showNotificationBanner(
  locale: string,
  contentRegion: string = region.contentRegion,
): Promise<void> {
  const banner = hook('banner');
  if (!banner) return;
  let list;
  try {
    list = await getJson(`${region.cdnBase}${notificationsPath(contentRegion)}`, notificationsSchema);
  } catch {
    return; // No banner is the right answer when the content is missing or broken.
  }
  const message = accountNotice(list, locale);
  if (message === undefined) return;
  const entry = list.find((n) => n.name === 'Account');
  const text = document.createElement('span');
  text.textContent = message; // textContent: content is never parsed as HTML.
  banner.replaceChildren(text);
  if (entry?.link !== undefined) {
    const link = document.createElement('a');
    link.href = entry.link;
    link.rel = 'noopener';
    link.textContent = hookText(banner, 'learnMore');
    banner.appendChild(document.createTextNode(' '));
    banner.appendChild(link);
  }
  banner.hidden = false;
}
