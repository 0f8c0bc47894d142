/** The developer-only region selector in launcher debug mode (spec §2, §6); loaded only when the launcher asks for it. */
import region from '@region';
import { REGION_IDS } from '../../regions/schema';
import { hostRequestToMain } from '../host/launcher-bridge';
import { hook, hookText } from '../startup/dom';

/**
 * Region selector for launcher developers: each region is its own
 * deployment, so switching is the launcher's job; the selector asks it to
 * reload the frame on the chosen region's build.
 */
export function showRegionSelector(): void {
  const footer = hook('footer');
  if (!footer || footer.querySelector('[data-region-selector]')) return;
  const label = document.createElement('label');
  label.dataset['regionSelector'] = '';
  label.className = 'region-selector';
  const text = document.createElement('span');
  text.textContent = hookText(footer, 'regionLabel');
  const select = document.createElement('select');
  for (const id of REGION_IDS) {
    const option = document.createElement('option');
    option.value = id;
    option.textContent = id;
    option.selected = id === region.id;
    select.appendChild(option);
  }
  select.addEventListener('change', () => {
    hostRequestToMain('changeRegion', { region: select.value });
  });
  label.appendChild(text);
  label.appendChild(document.createTextNode(' '));
  label.appendChild(select);
  footer.appendChild(label);
  footer.hidden = false;
}
