/**
 * Mounts the dialog host only once a dialog is requested, loading its code
 * then: a form page ships no dialog code until something goes wrong.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $dialogs } from '../../client/dialogs/queue';
import type { Strings } from '../../client/t';

const DialogHost = lazy(() => import('../../client/dialogs/DialogHost'));

export function LazyDialogHost({ strings }: { strings: Strings }) {
  const open = useStore($dialogs).length > 0;
  return open ? (
    <Suspense fallback={null}>
      <DialogHost strings={strings} />
    </Suspense>
  ) : null;
}
