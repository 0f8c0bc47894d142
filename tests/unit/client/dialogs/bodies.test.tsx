import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialogBody, type BodyProps } from '../../../../src/client/dialogs/bodies';
import type { DialogSpec } from '../../../../src/client/dialogs/queue';
import { shownErrorText } from '../../../../src/client/errors/texts';
import { createT, hasKey } from '../../../../src/client/t';
import { flatten, CATALOGUES } from '../../../../src/i18n/catalogue';
import { resolveErrorText } from '../../../../src/shared/errors/catalogue';

const strings = flatten(CATALOGUES.en);
const props: BodyProps = {
  t: createT(strings),
  has: (key) => hasKey(strings, key),
  errorText: (code) => shownErrorText([strings], code, {}, resolveErrorText),
  titleId: 'd-title',
  descriptionId: 'd-desc',
  close: () => undefined,
  launcher: false,
  supportUrl: 'https://support.lumenforge.com/hc/requests/new',
  onContactSupport: () => undefined,
};
const render = (spec: DialogSpec, over: Partial<BodyProps> = {}) =>
  renderToStaticMarkup(<DialogBody spec={spec} {...props} {...over} />);

describe('generic dialog bodies', () => {
  it('confirm: title, message, cancel and confirm buttons', () => {
    const html = render({ kind: 'confirm', messageKey: 'dialog.success.message' });
    expect(html).toContain('<h2 id="d-title">Are you sure?</h2>');
    expect(html).toContain('<p id="d-desc">Your changes have been saved.</p>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('>OK</button>');
  });

  it("confirm with a code: the code's §8 title and message, the caller's buttons", () => {
    const html = render({ kind: 'confirm', code: '20037', confirmKey: 'login.resetPassword' });
    expect(html).toContain(`<h2 id="d-title">${strings['error.modal.20037.title'] ?? ''}</h2>`);
    expect(html).toContain(`<p id="d-desc">${strings['error.modal.20037.desc'] ?? ''}</p>`);
    expect(html).toContain(`>${strings['login.resetPassword'] ?? ''}</button>`);
  });

  it('a custom dialog resolves error texts through the host', () => {
    const html = render({
      kind: 'custom',
      render: ({ errorText, descriptionId }) => <p id={descriptionId}>{errorText('20188').message}</p>,
    });
    expect(html).toBe(`<p id="d-desc">${strings['error.form.20013'] ?? ''}</p>`);
  });

  it('error with its own text: code title and message, no support link', () => {
    const html = render({ kind: 'error', code: '20100' });
    expect(html).toContain(strings['error.modal.20100.title']);
    expect(html).toContain(strings['error.modal.20100.desc']);
    expect(html).not.toContain('support.lumenforge.com');
  });

  it('error without its own text: general message with the code and the support link', () => {
    const html = render({ kind: 'error', code: '99999' });
    expect(html).toContain(`<h2 id="d-title">${strings['error.defaultTitle'] ?? ''}</h2>`);
    expect(html).toContain('(Error code: 99999)');
    expect(html).toContain('href="https://support.lumenforge.com/hc/requests/new"');
    expect(html).toContain('>Contact support</a>');
  });

  it('error with no code shows the default code 00000', () => {
    expect(render({ kind: 'error', code: undefined })).toContain('00000');
  });

  it('success and login failed have exactly one button', () => {
    for (const spec of [{ kind: 'success' }, { kind: 'login-failed' }] as const) {
      const html = render(spec);
      expect(html.match(/<button/g)).toHaveLength(1);
    }
    expect(render({ kind: 'login-failed' })).toContain('Sign-in failed');
  });

  it.each(['7000', '7001', '7002', '7003', '7004', '7005', '7006'])(
    'ban reason %s: reason text, contact support, close',
    (reason) => {
      const html = render({ kind: 'ban', reason });
      expect(html).toContain(strings[`error.ban.${reason}`]);
      expect(html).toContain(`Reason code: ${reason}`);
      expect(html).toContain('>Contact Support</button>');
      expect(html).toContain('>Close</button>');
    },
  );

  it('ban with an unknown reason falls back to the blocked-account text', () => {
    expect(render({ kind: 'ban', reason: undefined })).toContain(strings['error.modal.20100.desc']);
  });

  it('a custom dialog renders its own body with the host ids', () => {
    const html = render({
      kind: 'custom',
      render: ({ t, titleId }) => <h2 id={titleId}>{t('dialog.ok')}</h2>,
    });
    expect(html).toBe('<h2 id="d-title">OK</h2>');
  });
});
