import { describe, expect, it } from 'vitest';
import { SELF_SERVICE_SESSION_CALL, selfServiceErrorAction } from '../../../../src/client/errors/self-service-handler';
import { createSelfServiceSession, getSelfServiceAuthTypes } from '../../../../src/shared/contract/self-service';
import * as routes from '../../../../src/routes/refs';

/** Spec §8 "Self-service handler". */
describe('self-service handler', () => {
  it('names the real session endpoint', () => {
    expect(SELF_SERVICE_SESSION_CALL).toBe(createSelfServiceSession.id);
  });

  it.each(['20208', '20209'])('%s goes to self-service', (code) => {
    expect(selfServiceErrorAction({ code, serverMessage: '' })).toEqual({
      kind: 'navigate',
      target: { route: routes.selfService },
    });
  });

  it('20063 (7 days between ID changes) goes to the change-email cooldown page', () => {
    expect(selfServiceErrorAction({ code: '20063', serverMessage: '' })).toEqual({
      kind: 'navigate',
      target: { route: routes.selfChangeEmailFailed },
    });
  });

  it('20157 on session creation goes to too-many-attempts, then rethrows', () => {
    expect(
      selfServiceErrorAction({ code: '20157', serverMessage: '', endpointId: createSelfServiceSession.id }),
    ).toEqual({ kind: 'navigate', target: { route: routes.selfManyAttempts }, rethrow: true });
  });

  it('20157 on another call rejects', () => {
    expect(
      selfServiceErrorAction({ code: '20157', serverMessage: 'm', endpointId: getSelfServiceAuthTypes.id }),
    ).toEqual({ kind: 'reject', code: '20157', message: 'm' });
  });

  it.each(['20001', '20002', '20215', 'TIMEOUT', '12345'])('others (%s) reject', (code) => {
    expect(selfServiceErrorAction({ code, serverMessage: 'x' })).toEqual({ kind: 'reject', code, message: 'x' });
  });
});
