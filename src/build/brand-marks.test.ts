import { readFileSync } from 'node:fs';
import { siFacebook, siSteam } from 'simple-icons';
import { expect, it } from 'vitest';
import { KNOWN_PROVIDERS } from '../islands/social/providers';
import { brandMarkSvg, TEXT_COLOURS } from './brand-marks';

it('writes one SVG mark for every provider the portal knows', () => {
  for (const provider of KNOWN_PROVIDERS) {
    const svg = brandMarkSvg(provider);
    expect(svg, provider).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (24 24|48 48)"/);
    expect(svg, provider).toMatch(/<path [^>]*d="M[^"]+"\/>/);
    expect(svg, provider).toMatch(/<\/svg>$/);
  }
});

it("draws Google's four-colour G, as its sign-in guidelines ask", () => {
  const fills = [...brandMarkSvg('google').matchAll(/fill="(#[0-9A-F]{6})"/g)].map((m) => m[1]);
  expect(fills).toEqual(['#EA4335', '#4285F4', '#FBBC05', '#34A853']);
});

it("keeps a coloured brand's colour and its Simple Icons path", () => {
  expect(brandMarkSvg('facebook')).toContain(`<path fill="#${siFacebook.hex}" d="${siFacebook.path}"/>`);
});

it("draws a black brand's mark in the page's text colour of each scheme, global.css's --text", () => {
  const steam = brandMarkSvg('steam');
  expect(steam).toContain(`d="${siSteam.path}"`);
  expect(steam).not.toContain('#000000');
  expect(steam).toContain(`path{fill:${TEXT_COLOURS.dark}}`);
  expect(steam).toContain(`@media (prefers-color-scheme:light){path{fill:${TEXT_COLOURS.light}}}`);
  const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');
  const texts = [...css.matchAll(/--text:\s*(#[0-9a-f]{6})/g)].map((m) => m[1]);
  // The first :root is the dark scheme (the default), the second the light one.
  expect(texts).toEqual([TEXT_COLOURS.dark, TEXT_COLOURS.light]);
});
