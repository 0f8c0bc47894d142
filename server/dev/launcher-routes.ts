/**
 * DEV_TOOLS only: the launcher simulator (docs/launcher.md). A page of the reference API that frames the
 * portal as the launcher does (login, login/s-mode or login/n-mode), on the portal's own origin (a local build accepts its own origin as an embed
 * origin; a production build is never served with DEV_TOOLS). It plays the host's side of every message:
 * answers "ready" with the launcher settings (client_id, device_id, appID, version, debug, autologin,
 * connector), lists every message it receives, and shows the outcome (signed in with login_id, cancelled,
 * logged out, sign-up completed). An external link the portal asks for (a provider's sign-in, login/sso) opens from
 * a link in a window of its own, the system browser's stand-in; its "Open in the browser" button plays the
 * launcher's account menu (the host's `openInBrowser` request). As the store connector it adds a fresh session
 * ticket of the local issuer for the store ID it plays (steam_session_ticket: the connector's sign-up,
 * docs/launcher.md). The /api/dev gate answers 404 to every path here without DEV_TOOLS.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { FRONTEND_VERSION, FRONTEND_VERSION_HEADER } from '../../src/shared/contract/http';
import type { AppEnv } from '../core/http/app-env';
import { DEV_PREFIX } from './routes';

export const DEV_LAUNCHER_PATH = `${DEV_PREFIX}/launcher`;
const SCRIPT_PATH = `${DEV_LAUNCHER_PATH}/simulator.js`;
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; frame-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";
/** The launcher's fixed client id (spec §9: the value is not given; this one is the simulator's). */
export const SIMULATOR_CLIENT_ID = 'lumenforge-launcher';

const LOCALES = ['en', 'es', 'pt', 'de', 'fr', 'it', 'pl', 'tr', 'zh', 'th', 'ru', 'nl', 'ja'] as const;

// Plain browser JavaScript, served as its own file so the page's CSP needs no inline script.
const SCRIPT = `'use strict';
const $ = (id) => document.getElementById(id);
const frame = $('portal');
const log = $('received');
const outcome = $('outcome');
const PORTAL = 'lumenforge-account';
const HOST = 'lumenforge-launcher';
const DEVICE_KEY = 'lf-simulator:deviceId';

function deviceId() {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
$('device').value = deviceId();

function settings() {
  const s = { client_id: ${JSON.stringify(SIMULATOR_CLIENT_ID)}, device_id: $('device').value, appID: $('app').value, version: $('version').value };
  if ($('debug').checked) s.debug = true;
  if ($('autologin').checked) s.autologin = true;
  if ($('connector').value !== '') s.connector = $('connector').value;
  return s;
}

function randomStoreId() {
  let id = '76561198';
  for (let i = 0; i < 9; i++) id += String(Math.floor(Math.random() * 10));
  return id;
}
if (!$('storeid').value) $('storeid').value = randomStoreId();

/** The store connector's session ticket: single-use, so a fresh one for every page the portal loads. */
async function storeTicket() {
  const res = await fetch('/api/dev/platform/ticket', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', '${FRONTEND_VERSION_HEADER}': '${FRONTEND_VERSION}' },
    body: JSON.stringify({ platform: 'steam', platformUserId: $('storeid').value }),
  });
  if (!res.ok) return undefined;
  return (await res.json()).ticket;
}

async function answerReady() {
  const s = settings();
  if (s.connector === 'steam') {
    const ticket = await storeTicket();
    if (ticket) s.steam_session_ticket = ticket;
  }
  frame.contentWindow.postMessage({ source: HOST, type: 'settings', settings: s }, location.origin);
  if (outcome.textContent === 'Launching…') show('Settings sent');
}

function show(text) {
  outcome.textContent = text;
}

function open() {
  localStorage.setItem(DEVICE_KEY, $('device').value);
  log.replaceChildren();
  show('Launching…');
  const product = $('app').value;
  frame.src = '/account/' + $('locale').value + '/' + $('start').value + (product ? '?prod_id=' + encodeURIComponent(product) : '');
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  const data = event.data;
  if (!data || data.source !== PORTAL) return;
  const item = document.createElement('li');
  item.textContent = JSON.stringify(data);
  log.appendChild(item);
  switch (data.type) {
    case 'ready':
      void answerReady();
      break;
    case 'login':
      show('Signed in: login_id ' + String(data.data && data.data.login_id) + (data.data && data.data.authToken ? ' with auth token' : ''));
      break;
    case 'signupCompleted':
      show('Sign-up completed: ' + JSON.stringify(data.data));
      break;
    case 'requestToMain':
      if (data.request === 'cancelLogin') show('Launcher login cancelled');
      else if (data.request === 'changeRegion') show('Region change asked: ' + JSON.stringify(data.data));
      break;
    case 'logout':
      show('Logged out by the portal');
      break;
    case 'languageChange':
      show('Language changed: ' + data.locale);
      break;
    case 'openExternalLink':
      show('External link: ' + data.url);
      // The system browser: a window of its own (the launcher's frame stays where it is).
      $('external').href = data.url;
      $('external').hidden = false;
      break;
  }
});
$('launch').addEventListener('click', open);
// The launcher's "Account" menu: the signed-in portal opens the page in the system browser through login/sso.
$('account').addEventListener('click', () => {
  if (!frame.contentWindow) return;
  frame.contentWindow.postMessage({ source: HOST, type: 'openInBrowser', routeTo: $('account-page').value }, location.origin);
});
`;

function page() {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Launcher simulator</title>
        <script src="${SCRIPT_PATH}" defer></script>
      </head>
      <body>
        <main>
          <h1>Launcher simulator</h1>
          <p>Frames the portal as the launcher does and plays the host's side of its messages (dev tools only).</p>
          <fieldset>
            <legend>Launcher settings</legend>
            <p>
              <label for="version">Launcher version</label>
              <input id="version" value="1.7.0" pattern="\\d+(\\.\\d+){0,3}" />
            </p>
            <p>
              <label for="device">Device id</label>
              <input id="device" value="" />
            </p>
            <p>
              <label for="app">App id</label>
              <input id="app" value="50203" />
            </p>
            <p>
              <label for="locale">Language</label>
              <select id="locale">
                ${LOCALES.map((l) => html`<option value="${l}">${l}</option>`)}
              </select>
            </p>
            <p>
              <label for="start">Start page</label>
              <select id="start">
                <option value="login">login</option>
                <option value="login/s-mode">login/s-mode (silent)</option>
                <option value="login/n-mode">login/n-mode (form)</option>
              </select>
            </p>
            <p>
              <label for="connector">Host</label>
              <select id="connector">
                <option value="">Launcher</option>
                <option value="steam">Store connector (steam)</option>
              </select>
            </p>
            <p>
              <label for="storeid">Store ID (17 digits, store connector only)</label>
              <input id="storeid" value="" pattern="\\d{17}" />
            </p>
            <p><input id="debug" type="checkbox" /> <label for="debug">Debug mode (region selector)</label></p>
            <p><input id="autologin" type="checkbox" /> <label for="autologin">Autologin</label></p>
            <p><button id="launch" type="button">Open the launcher</button></p>
          </fieldset>
          <fieldset>
            <legend>Launcher menu (signed in)</legend>
            <p>
              <label for="account-page">Account page</label>
              <select id="account-page">
                <option value="account-overview">Account overview</option>
                <option value="security">Security</option>
                <option value="personal-info">Personal info</option>
              </select>
            </p>
            <p><button id="account" type="button">Open in the browser</button></p>
          </fieldset>
          <h2>Outcome</h2>
          <p id="outcome" role="status">Not started</p>
          <p>
            <a id="external" href="about:blank" target="_blank" rel="noopener noreferrer" hidden
              >Open the external link in the system browser</a
            >
          </p>
          <iframe id="portal" title="Account portal" width="480" height="720"></iframe>
          <h2>Messages received</h2>
          <ol id="received" aria-label="Messages received"></ol>
        </main>
      </body>
    </html>`;
}

export function devLauncherRoutes(app: Hono<AppEnv>): void {
  app.get(DEV_LAUNCHER_PATH, (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(page());
  });
  app.get(SCRIPT_PATH, (c) => c.body(SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
}
