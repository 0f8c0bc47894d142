import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/http/api-error';
import { settle } from '../../../../src/client/http/settle';

describe('settle: [error, data] results', () => {
  it('gives [undefined, data] on success', async () => {
    expect(await settle(Promise.resolve(42))).toEqual([undefined, 42]);
  });

  it('gives [ApiError, undefined] on an API failure', async () => {
    const error = new ApiError('20002', 401, { serverMessage: 'x' });
    const [e, data] = await settle(Promise.reject(error));
    expect(e).toBe(error);
    expect(data).toBeUndefined();
  });

  it('rethrows anything that is not an ApiError (programming errors surface)', async () => {
    await expect(settle(Promise.reject(new Error('bug')))).rejects.toThrow('bug');
  });
});
