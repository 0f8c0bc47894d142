/** The loading overlay, bound to the loading flag (spec §2, §4). */
import { $loading } from '../stores/loading';
import { hook } from './dom';

export function bindLoadingOverlay(): void {
  const overlay = hook('loading-overlay');
  if (!overlay) return;
  $loading.subscribe((on) => {
    overlay.hidden = !on;
    document.body.toggleAttribute('aria-busy', on);
  });
}
