import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DialogBody, type BodyProps } from '../../../../src/client/dialogs/bodies';
import type { DialogSpec } from '../../../../src/client/dialogs/queue';
import { createT, hasKey } from '../../../../src/client/t';
import { flatten, CATALOGUES } from '../../../../src/i18n/catalogue';

const strings = flatten(CATALOGUES.en);
const props: BodyProps = {
  t: createT(strings),
  has: (key) => hasKey(strings, key),
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
