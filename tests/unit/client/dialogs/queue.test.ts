import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  $dialogs,
  banDialog,
  cancelResult,
  confirmDialog,
  type CustomDialogApi,
  errorDialog,
  openDialog,
  resolveDialog,
} from '../../../../src/client/dialogs/queue';

beforeEach(() => {
  $dialogs.set([]);
});

describe('dialog queue', () => {
  it('shows requests in order and resolves each with its result', async () => {
    const first = confirmDialog({ messageKey: 'dialog.success.message' });
    const second = errorDialog('20002');
    expect($dialogs.get().map((r) => r.spec.kind)).toEqual(['confirm', 'error']);
    const [a, b] = $dialogs.get();
    resolveDialog(a?.id ?? -1, true);
    await expect(first).resolves.toBe(true);
    expect($dialogs.get()).toHaveLength(1);
    resolveDialog(b?.id ?? -1, undefined);
    await expect(second).resolves.toBeUndefined();
    expect($dialogs.get()).toEqual([]);
  });

  it('ignores an id that is no longer queued', () => {
    void banDialog('7001');
    resolveDialog(987654, true);
    expect($dialogs.get()).toHaveLength(1);
  });

  it.each([
    [{ kind: 'confirm', messageKey: 'dialog.success.message' } as const, false],
    [{ kind: 'confirm', code: '20037' } as const, false],
    [{ kind: 'error', code: '20002' } as const, undefined],
    [{ kind: 'success' } as const, undefined],
    [{ kind: 'login-failed' } as const, undefined],
    [{ kind: 'ban', reason: '7000' } as const, undefined],
    [{ kind: 'custom', render: () => null, cancelResult: 'later' } as const, 'later'],
  ])('Escape on %j resolves like cancel with %s', (spec, expected) => {
    expect(cancelResult(spec)).toBe(expected);
  });

  it('resolves a custom dialog with whatever it closes with', async () => {
    const result = openDialog({ kind: 'custom', render: () => null });
    resolveDialog($dialogs.get()[0]?.id ?? -1, { name: 'Desk PC' });
    await expect(result).resolves.toEqual({ name: 'Desk PC' });
  });

  it('types a custom dialog by its result: with a cancelResult it is total, without it Escape may give undefined', async () => {
    type Answer = { kind: 'saved'; name: string } | { kind: 'skipped' };
    const total = openDialog<Answer>({
      kind: 'custom',
      cancelResult: { kind: 'skipped' },
      render: () => null,
    });
    expectTypeOf(total).toEqualTypeOf<Promise<Answer>>();
    // close takes only the dialog's result type (optional only when the result may be undefined).
    expectTypeOf<CustomDialogApi<Answer>['close']>().parameters.toEqualTypeOf<[result: Answer]>();
    expectTypeOf<CustomDialogApi['close']>().parameters.toEqualTypeOf<[result?: undefined]>();
    const partial = openDialog({ kind: 'custom', render: (api: CustomDialogApi<number>) => api.titleId });
    expectTypeOf(partial).toEqualTypeOf<Promise<number | undefined>>();

    expect($dialogs.get()).toHaveLength(2);
    const [first, second] = $dialogs.get();
    // Escape on each: the first resolves with its cancelResult, the second (none given) with undefined.
    if (first) resolveDialog(first.id, cancelResult(first.spec));
    if (second) resolveDialog(second.id, cancelResult(second.spec));
    await expect(total).resolves.toEqual({ kind: 'skipped' });
    await expect(partial).resolves.toBeUndefined();
  });
});
