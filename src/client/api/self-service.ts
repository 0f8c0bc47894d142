/** Spec §7 "Self-service" (recovery without login). */
import type { AuthType } from '../../shared/contract/common';
import type { BodyOf, QueryOf } from '../../shared/contract/endpoint';
import * as c from '../../shared/contract/self-service';
import { call } from '../http/client';

type SearchBy = (typeof c.SEARCH_BY)[number];

export const createSelfServiceSession = (body: BodyOf<typeof c.createSelfServiceSession>) =>
  call(c.createSelfServiceSession, { body });
export const getSelfServiceAuthTypes = (searchBy: SearchBy, query: QueryOf<typeof c.getSelfServiceAuthTypes>) =>
  call(c.getSelfServiceAuthTypes, { query, params: { searchBy } });
export const verifySelfServiceCode = (authType: AuthType, body: BodyOf<typeof c.verifySelfServiceCode>) =>
  call(c.verifySelfServiceCode, { body, params: { authType: authType.toLowerCase() } });
export const checkSelfServiceMigration = (serialNumber: string) =>
  call(c.checkSelfServiceMigration, { query: { serialNumber } });
export const getSelfServiceEmail = (serialNumber: string) => call(c.getSelfServiceEmail, { query: { serialNumber } });
export const requestIdChangeCode = (body: BodyOf<typeof c.requestIdChangeCode>) =>
  call(c.requestIdChangeCode, { body });
export const requestPasswordReset = (body: BodyOf<typeof c.requestPasswordReset>) =>
  call(c.requestPasswordReset, { body });
