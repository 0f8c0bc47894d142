/**
 * For the sections' component tests: the props the communication screen gives a section, on its page, with
 * nothing loaded yet; a test overrides what its case needs.
 */
import { vi } from 'vitest';
import { onPage, screenStrings } from '../../../../tests/components/helpers';
import { createT } from '../../../client/t';
import type { SectionProps } from './sections';

export function sectionProps(overrides: Partial<SectionProps> = {}): SectionProps {
  onPage({ route: 'communication-preference' });
  const strings = screenStrings('communication-preference');
  return {
    strings,
    t: createT(strings),
    locale: 'en',
    account: null,
    accountLoading: false,
    communication: null,
    communicationFailed: false,
    setCommunication: vi.fn(),
    onError: vi.fn(() => Promise.resolve<string | undefined>(undefined)),
    ...overrides,
  };
}
