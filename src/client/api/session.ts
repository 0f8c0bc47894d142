/** Signing out (the reference API's session call). */
import * as c from '../../shared/contract/session';
import { call } from '../http/client';

export const logout = () => call(c.logout, { body: {} });
