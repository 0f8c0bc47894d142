/** The DEV_TOOLS routes: what they do with DEV_TOOLS on, and that they do not exist without it. */
import { describe, expect, it } from 'vitest';
import { DEV_ENDPOINTS } from '../../src/shared/contract/dev';
import { serverPath } from '../../src/shared/contract/endpoint';
import { Browser, NO_DEV, uniqueEmail } from './client';

describe('without DEV_TOOLS', () => {
  const paths = [
    ...DEV_ENDPOINTS.map((e) => [e.method, serverPath(e)] as const),
    ['GET', '/api/dev'],
    ['GET', '/api/dev/'],
    ['GET', '/api/dev/throw'],
  ] as const;

  it.each(paths)('%s %s answers 404', async (method, path) => {
    const b = new Browser(NO_DEV());
    const r = await b.request(method, `${path}?to=a%40b.test`, method === 'GET' ? {} : { body: {} });
    expect(r.status).toBe(404);
    expect(r.code).toBe('20022');
    expect(r.setCookies).toEqual([]);
  });

  it('a wrong method on a dev path is 404 too (no 405 revealing the route)', async () => {
    const r = await new Browser(NO_DEV()).request('DELETE', '/api/dev/mailbox');
    expect(r.status).toBe(404);
  });

  it('cannot mint a session', async () => {
    const b = new Browser(NO_DEV());
    const r = await b.post('/api/dev/session', { accountId: 1 });
    expect(r.status).toBe(404);
    expect(b.session).toBeUndefined();
  });

  it('the rest of the API works there', async () => {
    expect((await new Browser(NO_DEV()).get('/api/account/v1/no-auth/configuration')).status).toBe(200);
  });
});

describe('with DEV_TOOLS', () => {
  it('the mailbox lists an address’s emails newest first, with code and link', async () => {
    const b = new Browser();
    const to = uniqueEmail('mailbox');
    await b.post('/api/dev/send', { channel: 'email', to, subject: 'First', text: 'one', code: '123456' });
    await b.post('/api/dev/send', {
      channel: 'email',
      to,
      subject: 'Second',
      text: 'two',
      link: 'https://example.test/verify?t=1',
    });
    await b.post('/api/dev/send', { channel: 'email', to: uniqueEmail('other'), subject: 'Else', text: 'x' });
    const r = await b.get(`/api/dev/mailbox?to=${encodeURIComponent(to.toUpperCase())}`);
    const list = r.json as { to: string; subject: string; code?: string; link?: string; sentAt: string }[];
    expect(list.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ to, text: 'two', link: 'https://example.test/verify?t=1' });
    expect(list[0]).not.toHaveProperty('code');
    expect(list[1]).toMatchObject({ code: '123456' });
    expect(Number.isNaN(Date.parse(list[0]?.sentAt ?? ''))).toBe(false);
  });

  it('the SMS outbox lists a number’s texts', async () => {
    const b = new Browser();
    const sent = await b.post('/api/dev/send', {
      channel: 'sms',
      to: '+12015550177',
      subject: 'SMS',
      text: 'Code 654321',
      code: '654321',
    });
    expect(sent.status).toBe(200);
    const r = await b.get('/api/dev/sms?to=%2B12015550177');
    expect(r.json).toEqual([expect.objectContaining({ to: '+12015550177', text: 'Code 654321', code: '654321' })]);
    expect((await b.get('/api/dev/mailbox?to=%2B12015550177')).json).toEqual([]);
    // The test hook sends through the send gate too: a number that is no phone number gets no text.
    const fictional = await b.post('/api/dev/send', { channel: 'sms', to: '+15550100123', subject: 'SMS', text: 'x' });
    expect([fictional.status, fictional.code]).toEqual([400, '20205']);
    expect((await b.get('/api/dev/sms?to=%2B15550100123')).json).toEqual([]);
  });

  it('the dev page renders the mailbox as HTML without scripts, escaping message text', async () => {
    const b = new Browser();
    const to = uniqueEmail('page');
    await b.post('/api/dev/send', {
      channel: 'email',
      to,
      subject: '<script>alert(1)</script>',
      text: 'a & b',
      code: '111222',
    });
    const r = await b.get(`/api/dev/?channel=email&to=${encodeURIComponent(to)}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(r.text).not.toContain('<script');
    expect(r.text).toContain('&lt;script&gt;');
    expect(r.text).toContain('111222');
    expect(r.text).toMatch(/<label for="to">/);
  });

  it('the clock moves and resets', async () => {
    const b = new Browser();
    const set = await b.post('/api/dev/clock', { offsetMs: 3_600_000 });
    expect((set.json as { offsetMs: number }).offsetMs).toBe(3_600_000);
    const state = (await b.get('/api/dev/clock')).json as { offsetMs: number; now: string };
    expect(state.offsetMs).toBe(3_600_000);
    expect(Date.parse(state.now) - Date.now()).toBeGreaterThan(3_500_000);
    await b.post('/api/dev/clock', { offsetMs: 0 });
    expect(((await b.get('/api/dev/clock')).json as { offsetMs: number }).offsetMs).toBe(0);
  });
});
