/**
 * /account/brands/{provider}.svg: each provider's brand mark for the provider buttons (src/build/brand-marks.ts),
 * written at build time for every provider the portal knows. Static files, outside the Functions (_routes.json).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { brandMarkSvg } from '../../../build/brand-marks';
import { KNOWN_PROVIDERS, type SocialProvider } from '../../../islands/social/providers';

export const getStaticPaths = (() =>
  KNOWN_PROVIDERS.map((provider) => ({ params: { provider } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(brandMarkSvg(params['provider'] as SocialProvider), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' },
  });
