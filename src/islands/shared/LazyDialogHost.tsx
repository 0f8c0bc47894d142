/**
 * Mounts the dialog host only once a dialog is requested, loading its code
 * then: a form page ships no dialog code until something goes wrong. The
 * page's §8 error texts are fetched alongside the host's code, so the first
 * dialog waits for neither one after the other.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $dialogs } from '../../client/dialogs/queue';
import type { Strings } from '../../client/t';

const DialogHost = lazy(async () => {
  const [host] = await Promise.all([
    import('../../client/dialogs/DialogHost'),
    // Never fails the host: without its texts the host shows the general message (it asks for them itself too).
    import('../../client/errors/texts').then((m) => m.loadErrorTexts()).catch(() => undefined),
  ]);
  return host;
});

export function LazyDialogHost({ strings }: { strings: Strings }) {
  const open = useStore($dialogs).length > 0;
  return open ? (
    <Suspense fallback={null}>
      <DialogHost strings={strings} />
    </Suspense>
  ) : null;
}
