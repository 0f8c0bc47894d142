/** Footer visibility (spec §2). */
import { footerVisible, type FooterInput } from './rules';
import { hook } from './dom';

export function applyFooter(input: Omit<FooterInput, 'hideFooter'>): void {
  const footer = hook('footer');
  if (!footer) return; // hideFooter routes render no footer.
  footer.hidden = !footerVisible({ ...input, hideFooter: false });
}
