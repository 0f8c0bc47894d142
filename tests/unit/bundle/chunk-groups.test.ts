/**
 * The chunk groups (src/build/chunk-groups.ts) take the modules their names say. What a page then loads is held by
 * tests/unit/build/page-budgets.test.ts on the build output; this checks the declarations.
 */
import { describe, expect, it } from 'vitest';
import { chunkGroups, contractAreas, entryFileNames, reactGroup } from '../../../src/build/chunk-groups';

type Group = ReturnType<typeof chunkGroups>[number];

/** The group that takes a module: the highest priority whose test matches (rolldown's order). */
function groupOf(groups: readonly Group[], id: string): string | undefined {
  const matching = groups.filter((g) => (g.test instanceof RegExp ? g.test.test(id) : false));
  matching.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  const name = matching[0]?.name;
  return typeof name === 'string' ? name : undefined;
}

describe('chunk groups', () => {
  const groups = chunkGroups();

  it.each([
    ['/w/node_modules/react-dom/cjs/react-dom-client.production.js', 'react'],
    ['/w/node_modules/react/cjs/react.production.js', 'react'],
    ['/w/node_modules/scheduler/index.js', 'react'],
    ['/w/node_modules/@astrojs/react/dist/client.js', 'react'],
    ['/w/node_modules/react-hook-form/index.js', undefined],
    ['/w/src/client/startup/main.ts', 'startup'],
    ['/w/src/client/startup/payloads.ts', 'startup'],
    // The shell's script is the start-up's entry: one file, not an entry file that imports the start-up's.
    ['/w/src/layouts/Shell.astro?astro&type=script&index=0&lang.ts', 'startup'],
    // Vite's preload helper, which the start-up's on-demand imports use: in React's file, every page loaded React.
    ['\0vite/preload-helper.js', 'startup'],
    ['/w/src/islands/shared/TextField.tsx', 'react'],
    ['/w/src/islands/shared/use-page-query.ts', 'react'],
    ['/w/src/islands/shared/warm-path.ts', 'react'],
    ['/w/src/client/t.ts', 'react'],
    ['/w/node_modules/@nanostores/react/index.js', 'react'],
    // At start, by file: light modules only.
    ['/w/src/routes/registry.ts', 'base'],
    ['/w/src/client/navigation/href.ts', 'base'],
    ['/w/src/client/api/on-demand.ts', 'base'],
    ['/w/src/client/stores/account.ts', 'base'],
    ['/w/src/client/http/settle.ts', 'base'],
    ['/w/src/client/dialogs/queue.ts', 'base'],
    ['/w/src/client/errors/texts.ts', 'base'],
    ['/w/src/shared/validation/password-rules.ts', 'base'],
    // Light checks screens run at start that on-demand code (the contract's formats, the error payloads) imports too.
    ['/w/src/shared/validation/email-format.ts', 'base'],
    ['/w/src/shared/validation/code-format.ts', 'base'],
    ['/w/src/shared/errors/healup-items.ts', 'base'],
    ['/w/src/islands/shared/error-message.ts', 'base'],
    // The ownership form's values: read at start by its three screens, imported by the contract, not on every page.
    ['/w/src/shared/validation/ownership-limits.ts', 'ownership'],
    ['/w/src/islands/settings/account.ts', 'settings'],
    ['/w/src/islands/settings/handle-error.ts', 'settings'],
    ['/w/src/islands/settings/settings-errors.ts', undefined],
    ['/w/src/client/api/mfa.ts', undefined],
    // The two-step screens' small shared rules, and the pending sign-in, each one file.
    ['/w/src/islands/mfa/login/routes.ts', 'two-step'],
    ['/w/src/islands/mfa/code/methods.ts', 'two-step'],
    ['/w/src/routes/verification-purposes.ts', 'two-step'],
    ['/w/src/islands/shared/pending-login.ts', 'pending-login'],
    ['/w/src/client/stores/persisted-checks.ts', 'pending-login'],
    ['/w/src/islands/mfa/login/second-step.ts', undefined],
    // The end of a flow: the redirect rules, only where a screen ends a flow.
    ['/w/src/client/navigation/flow-end.ts', 'flow-end'],
    ['/w/src/client/navigation/redirect-target.ts', 'flow-end'],
    ['/w/src/shared/redirect.ts', 'flow-end'],
    // On demand: the schemas, the client, the handlers.
    ['/w/node_modules/zod/v4/core/schemas.js', 'calls'],
    ['/w/node_modules/redaxios/dist/index.module.js', 'calls'],
    // The contract's building blocks, which every area imports.
    ['/w/src/shared/contract/endpoint.ts', 'calls'],
    ['/w/src/shared/contract/common.ts', 'calls'],
    ['/w/src/shared/contract/formats.ts', 'calls'],
    ['/w/src/client/http/client.ts', 'calls'],
    ['/w/src/client/errors/main-handler.ts', 'calls'],
    ['/w/src/client/dialogs/DialogHost.tsx', 'calls'],
    ['/w/src/client/stores/account-parse.ts', 'calls'],
    // Neither: the wire constants the start-up shares, a schema-loading store, a screen's own modules.
    ['/w/src/shared/contract/http.ts', undefined],
    // An area's contract, a file of its own: the staff console's schemas are on no player's page.
    ['/w/src/shared/contract/signup.ts', undefined],
    ['/w/src/shared/contract/staff.ts', undefined],
    ['/w/src/shared/contract/launcher-login.ts', undefined],
    ['/w/src/client/stores/persisted.ts', undefined],
    ['/w/src/islands/login/LoginIsland.tsx', undefined],
    ['/w/src/islands/settings/overview/AccountOverview.tsx', undefined],
    ['/w/node_modules/@zxcvbn-ts/core/dist/index.esm.js', undefined],
  ])('%s → %s', (id, group) => {
    expect(groupOf(groups, id)).toBe(group);
  });

  it('puts in base and settings only what some page loads at start; calls holds what loads on demand', () => {
    expect(groups.find((g) => g.name === 'base')?.tags).toEqual(['$initial']);
    for (const name of ['settings', 'two-step', 'pending-login', 'ownership'])
      expect(groups.find((g) => g.name === name)?.tags).toEqual(['$initial']);
    expect(groups.find((g) => g.name === 'calls')?.tags).toBeUndefined();
  });

  it('finds every API area of the contract by its endpoints, and none of its building blocks', () => {
    const areas = contractAreas();
    for (const area of ['mfa', 'session', 'signup', 'staff', 'launcher-login', 'social', 'oidc'])
      expect(areas).toContain(area);
    for (const block of ['endpoint', 'common', 'ids', 'checked', 'formats', 'http', 'index'])
      expect(areas).not.toContain(block);
    expect(areas.length).toBeGreaterThanOrEqual(30);
  });

  it('puts the start-up first, then React with the form kit; the floor page has React alone', () => {
    // First: a module both import (the preload helper) goes where every page, islands or not, loads it.
    const byPriority = [...groups].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
    expect(byPriority.slice(0, 2).map((g) => g.name)).toEqual(['startup', 'react']);
    expect(groups.find((g) => g.name === 'react')?.priority).toBe(reactGroup().priority);
    expect(groups.filter((g) => g.name === 'react')).toHaveLength(1);
    const floor = [reactGroup()];
    expect(groupOf(floor, '/w/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
    expect(groupOf(floor, '/w/src/islands/shared/TextField.tsx')).toBeUndefined();
  });

  it('names the start-up file startup; every other entry as Astro does', () => {
    const name = entryFileNames('account/_astro');
    expect(name({ name: 'Shell.astro?astro&type=script&index=0&lang' })).toBe('account/_astro/startup.[hash].js');
    expect(name({ name: 'Shell.astro_astro_type_script_index_0_lang' })).toBe('account/_astro/startup.[hash].js');
    expect(name({ name: 'LoginIsland' })).toBe('account/_astro/LoginIsland.[hash].js');
    expect(name({ name: 'Screen.astro?astro&type=script&index=0&lang' })).toBe(
      'account/_astro/Screen.astro_astro_type_script_index_0_lang.[hash].js',
    );
  });
});
