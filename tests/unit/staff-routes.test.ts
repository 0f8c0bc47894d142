/**
 * The staff console's routes (issue 28; docs/staff-console.md): the page start-up keeps them out of the maintenance
 * redirect by their `staff-` name (src/client/startup/main.ts, which may not load the registry), so exactly the
 * routes of the staff group are named so; none needs a player's sign-in or is framed by the launcher.
 */
import { expect, it } from 'vitest';
import { ROUTES, type RouteMeta } from '../../src/routes/registry';

it('names exactly the staff group staff-*, with no player guard and no embedding', () => {
  const staff = ROUTES.filter((r) => r.group === 'staff');
  expect(staff.map((r) => r.name).sort()).toEqual(['staff-audit', 'staff-console', 'staff-login', 'staff-ops']);
  expect(ROUTES.filter((r) => r.name.startsWith('staff-')).map((r) => r.group)).toEqual(staff.map(() => 'staff'));
  for (const r of staff) {
    const meta: RouteMeta = r.meta;
    expect(meta.requiresLogin, r.name).toBeUndefined();
    expect(meta.loggedOutOnly, r.name).toBeUndefined();
    expect(meta.embeddable, r.name).toBeUndefined();
  }
});
