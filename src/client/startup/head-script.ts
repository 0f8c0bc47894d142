/**
 * The cookie banner is in the page's HTML, visible, so it paints with the
 * page (it is the largest text of most pages: painted only after the
 * start-up script ran, it made every page's largest paint wait for that
 * script). For a visitor who already chose, this script, inlined at the top
 * of <head> by the Shell (its hash is in the CSP), marks <html> before
 * anything is painted and shell.css keeps the banner out.
 *
 * The start-up (./cookie-banner) still decides: it reads the choice as the
 * rest of the portal does (hono's cookie rules) and shows or hides the banner
 * accordingly, so a cookie this pattern reads differently (quoted, or written
 * twice) shows the banner a moment late or hides it a moment late, never
 * wrongly for good. tests/unit/client/startup/cookie-banner.test.ts runs both.
 */
import { CONSENT_COOKIE } from './cookies';

/**
 * Set on <html> by the head script when the visitor already chose (empty), or to the choice a banner button made
 * before the start-up ran (`all`, `necessary`).
 */
export const CONSENT_CHOSEN_ATTRIBUTE = 'data-cookie-consent';

export const CONSENT_HEAD_SCRIPT =
  `/(?:^|;)[ \\t]*${CONSENT_COOKIE}[ \\t]*=[ \\t]*(?:all|necessary)[ \\t]*(?:;|$)/.test(document.cookie)` +
  `&&document.documentElement.setAttribute(${JSON.stringify(CONSENT_CHOSEN_ATTRIBUTE)},'')`;

/**
 * The page's code starts after its first paint (issue 25 §1, docs/performance.md "Code after the first paint").
 * Inlined in <head> by the Shell: `afterFirstPaint` resolves once the document is parsed and the next frame, which
 * holds all of it, is committed (the task after that animation frame; a frame of the first bytes alone would let the
 * code compete with painting the rest), or at once when the page is hidden (no frame to wait for), or after a second
 * at the latest (an animation frame that never comes: an off-screen frame). The start-up's loader and the
 * `client:painted` islands wait for it, so the page's first paint never waits on fetching or running its
 * JavaScript, and the files arrive while the painted page is read.
 */
export const AFTER_PAINT_HEAD_SCRIPT =
  "self.afterFirstPaint=new Promise(r=>{document.hidden?r():addEventListener('DOMContentLoaded',()=>requestAnimationFrame(()=>setTimeout(r)));setTimeout(r,1e3)})";

/**
 * A choice made before the start-up has run (it starts after the first paint, and on a slow phone a visitor reads
 * the banner and clicks before its code arrives): the banner's buttons mark <html> with the choice, which hides the
 * banner at once (shell.css), and the start-up keeps it when it starts (./cookie-banner `earlyChoice`) as if the
 * button had been clicked then. After the start-up the mark is set along with the start-up's own handling.
 */
export const EARLY_CHOICE_HEAD_SCRIPT =
  "addEventListener('click',e=>{let b=e.target.closest?.('[data-cookie-accept],[data-cookie-necessary]');" +
  `b&&document.documentElement.setAttribute(${JSON.stringify(CONSENT_CHOSEN_ATTRIBUTE)},` +
  "b.hasAttribute('data-cookie-accept')?'all':'necessary')})";

/** What the Shell inlines at the top of <head>: the scripts as one (one CSP hash, fewer bytes than three). */
export const HEAD_SCRIPT = `${CONSENT_HEAD_SCRIPT};${AFTER_PAINT_HEAD_SCRIPT};${EARLY_CHOICE_HEAD_SCRIPT}`;
