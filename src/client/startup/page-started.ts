/**
 * The page's own start is done (the start-up's guards decided, a settings page's account read answered): the
 * start-up says so once, and the islands' action-path warm-up (src/islands/shared/warm-path.ts) waits for it.
 * A warm-up that started earlier competed with the page's own start for the network (on a phone, the account a
 * settings page shows came later), and made what a page loads before interaction depend on which of the two came
 * first (tests/e2e/loaded-budget.spec.ts counted a settings page's guards now before the warm-up, now after).
 *
 * In this folder because both sides import it: the `startup` group takes it (src/build/chunk-groups.ts), and every
 * island page loads that file anyway. An attribute as well as an event: an island that mounts later reads it.
 */
const ATTRIBUTE = 'data-page-started';
const EVENT = 'lf:page-started';
/** The user-timing mark at that moment, for the bench and the e2e budgets. */
export const PAGE_STARTED_MARK = 'page-started';

/** Called by the start-up once its work is done, unless the page left for the maintenance screen. */
export function markPageStarted(): void {
  if (document.documentElement.hasAttribute(ATTRIBUTE)) return;
  performance.mark(PAGE_STARTED_MARK);
  document.documentElement.setAttribute(ATTRIBUTE, '');
  document.dispatchEvent(new Event(EVENT));
}

/** Runs `work` once the page's own start is done (now, if it is); the returned function cancels a pending run. */
export function whenPageStarted(work: () => void): () => void {
  if (document.documentElement.hasAttribute(ATTRIBUTE)) {
    work();
    return () => undefined;
  }
  const started = () => {
    work();
  };
  document.addEventListener(EVENT, started, { once: true });
  return () => {
    document.removeEventListener(EVENT, started);
  };
}
