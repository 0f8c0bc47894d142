import { beforeEach, describe, expect, it, vi } from 'vitest';

const getAccount = vi.fn<() => Promise<unknown>>();
vi.mock('../../../src/client/api/settings', () => ({ getAccount }));

const { refreshAccount } = await import('../../../src/islands/shared/refresh-account');
const { $account } = await import('../../../src/client/stores/account');
const { ApiError } = await import('../../../src/client/http/api-error');

describe('refreshAccount (shared by settings and finish-login)', () => {
  beforeEach(() => {
    getAccount.mockReset();
    $account.set(null);
  });

  it('stores the server account under the portal names and returns it', async () => {
    getAccount.mockResolvedValue({ email: 'player@example.test', isVerified: true, authTypeList: ['TOTP'] });
    const account = await refreshAccount();
    expect(account).toMatchObject({ email: 'player@example.test', emailVerified: true, authTypeList: ['TOTP'] });
    expect($account.get()).toEqual(account);
  });

  it('returns null and keeps the stored account when the server refuses the read', async () => {
    $account.set({ email: 'kept@example.test', authTypeList: [], tpaAccountList: [] });
    getAccount.mockRejectedValue(new ApiError('00000', 500));
    expect(await refreshAccount()).toBeNull();
    expect($account.get()).toMatchObject({ email: 'kept@example.test' });
  });

  it('returns null and keeps the stored account when the answer does not parse', async () => {
    $account.set({ email: 'kept@example.test', authTypeList: [], tpaAccountList: [] });
    getAccount.mockResolvedValue({ authTypeList: 'not a list' });
    expect(await refreshAccount()).toBeNull();
    expect($account.get()).toMatchObject({ email: 'kept@example.test' });
  });
});
