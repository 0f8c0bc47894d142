/** Spec §7: runtime configuration (a failed fetch is silently ignored by the app shell, not here). */
import { getConfiguration as endpoint } from '../../shared/contract/config';
import { call } from '../http/client';
import type { UnifiedOption } from './options';

export const getConfiguration = (o: UnifiedOption = {}) => call(endpoint, { unified: o.unified });
