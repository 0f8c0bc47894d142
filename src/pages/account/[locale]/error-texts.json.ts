/**
 * /account/{locale}/error-texts.json: the locale's §8 error texts (every
 * error.form.*, error.modal.* and error.ban.* string, the general message,
 * the default title and the support link's label), one flat JSON object per
 * locale, written at build time. A page fetches it with its first error that
 * needs a text (src/client/errors/texts.ts); same origin, so the CSP's
 * connect-src 'self' allows it, and a static file the browser may cache.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { errorTexts } from '../../../i18n/error-texts';
import { LOCALES, type Locale } from '../../../i18n/locales';

export const getStaticPaths = (() => LOCALES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(errorTexts(params['locale'] as Locale)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
