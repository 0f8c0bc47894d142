/**
 * The page's own start is done (the start-up's guards decided, a settings page's account read answered): the
 * start-up says so once, and the islands' action-path warm-up (src/islands/shared/warm-path.ts) waits for it.
 * A warm-up that started earlier competed with the page's own start for the network (on a phone, the account a
 * settings page shows came later), and made what a page loads before interaction depend on which of the two came
 * first (tests/e2e/loaded-budget.spec.ts counted a settings page's guards now before the warm-up, now after).
 *
 * In this folder because both sides import it: the `startup` group takes it (src/build/chunk-groups.ts), so the
 * islands share the start-up's one instance of it, and every island page loads that file anyway. A promise, not an
 * event and attribute: smaller, and an island that mounts after the start still learns it (island pages have little
 * room, docs/performance.md).
 */
/** The user-timing mark at that moment, for the bench and the e2e budgets. */
export const PAGE_STARTED_MARK = 'page-started';

let settle: () => void = () => undefined;
const started = new Promise<void>((resolve) => {
  settle = resolve;
});
let marked = false;

/** Called by the start-up once its work is done, unless the page left for the maintenance screen. */
export function markPageStarted(): void {
  if (marked) return;
  marked = true;
  performance.mark(PAGE_STARTED_MARK);
  settle();
}

/** Runs `work` once the page's own start is done (in a microtask, if it is); the returned function cancels it. */
export function whenPageStarted(work: () => void): () => void {
  let live = true;
  void started.then(() => {
    if (live) work();
  });
  return () => {
    live = false;
  };
}
