/** The ownership form's cross-field rules (src/shared/validation/ownership.ts), shared by the form and the API. */
import { expect, it } from 'vitest';
import { ownershipProblems, REGIONAL_GAME_ID } from '../../../src/shared/validation/ownership';

const NOW = Date.UTC(2026, 10, 24, 12);

it.each([
  [{ productIds: [] }, []],
  [{ productIds: [1], orderId: 'A', purchaseDate: '2024-02-29' }, []],
  [{ productIds: [], orderId: 'A' }, ['orderWithoutDate']],
  [{ productIds: [], orderId: '  ', purchaseDate: '' }, []],
  [{ productIds: [], purchaseDate: '2024-01-01' }, ['dateWithoutOrder']],
  [{ productIds: [], orderId: 'A', purchaseDate: '2023-02-29' }, ['dateInvalid']],
  [{ productIds: [], orderId: 'A', purchaseDate: '1999-12-31' }, ['dateInvalid']],
  [{ productIds: [], orderId: 'A', purchaseDate: '2026-11-25' }, []], // already today east of UTC
  [{ productIds: [], orderId: 'A', purchaseDate: '2026-11-26' }, ['dateFuture']],
  [{ productIds: [REGIONAL_GAME_ID] }, ['regionMissing']],
  [{ productIds: [REGIONAL_GAME_ID], gameRegion: 'EU' as const }, []],
  [{ productIds: [1], gameRegion: 'NA' as const }, ['regionUnexpected']],
  [{ productIds: [1, 1] }, ['gameRepeated']],
])('%j → %j', (fields, problems) => {
  expect(ownershipProblems(fields, NOW)).toEqual(problems);
});
