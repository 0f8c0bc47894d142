/**
 * The coverage gate of the screen kit (issue 11, docs/screens.md): what the
 * code points players at must exist.
 *
 * 1. Every link, redirect and navigation target resolves to a route with a
 *    screen (src/screens/{route}.astro): the routes of src/routes/refs.ts the
 *    code names (hrefTo, navigate, routeHref/RouteTarget, the handlers'
 *    descriptors, typed tables: every reference to one of its exports, found
 *    with the type checker, so a new call site needs no new pattern here),
 *    route names in positions the code types as a route name, route names in screen files'
 *    buildPath calls, hard-coded /account/{locale}/… paths, the error
 *    handlers' navigation for every code, and the registry's redirects.
 * 2. Every contract endpoint the pages call (the islands of every screen and
 *    the start-up script, following their imports as the bundler does) is
 *    served by the reference API (server/core/http/mount.ts servedEndpoints, what
 *    its OpenAPI document marks as implemented).
 * 3. Every message key an island's code names is in the strings its screen
 *    gives it (the frame's `ns`, plus the frame's own), or is a §8 error text
 *    (resolved through the page's error-texts file).
 *
 * Targets and endpoints that the capability issues build sit in the PENDING
 * lists, each with its issue. A new dangling target or unserved endpoint
 * fails; so does a pending entry that has its screen or is served now (take
 * it off the list), or that nothing points at any more. The lists must be
 * empty when the capability issues are done.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { mainErrorAction } from '../../src/client/errors/main-handler';
import { otherCodeAction } from '../../src/client/errors/other-codes';
import { SELF_SERVICE_SESSION_CALL, selfServiceErrorAction } from '../../src/client/errors/self-service-handler';
import type { ErrorDescriptor } from '../../src/client/errors/descriptor';
import { loginErrorAction } from '../../src/islands/login/login-error';
import { FRAME_STRINGS } from '../../src/layouts/screen';
import { regions } from '../../src/regions/index';
import { refIdentifier } from '../../src/build/route-refs';
import { isRouteName, matchRoute, ROUTES } from '../../src/routes/registry';
import { allErrorKeys } from '../../src/shared/errors/catalogue';
import { ERROR_CODES } from '../../src/shared/errors/codes';
import { formatMissingVerificationCode, VERIFICATION_KIND } from '../../src/shared/errors/payloads';
import { DEFAULT_REDIRECT_REL_PATH } from '../../src/shared/redirect';
import { createApp } from '../../server/app';
import { servedEndpoints } from '../../server/core/http/mount';
import { readScreen, SCREENS_DIR } from '../support/screen-files';
import {
  at,
  isPortalSource,
  literalValues,
  nodes,
  reachableStatements,
  rel,
  resolveImport,
  ROOT,
  sourceProgram,
} from '../support/source-graph';

// Reading the sources through the compiler takes seconds on a busy machine, more than vitest's default per test.
vi.setConfig({ testTimeout: 60_000 });

/** Targets without a screen yet: the route, and the capability issue that builds its screen. */
const PENDING_ROUTES: Readonly<Record<string, string>> = {};

/** Contract endpoints the pages call that the reference API does not serve yet, with the issue that serves them. */
const PENDING_ENDPOINTS: Readonly<Record<string, string>> = {};

const { program, checker } = sourceProgram();
const screens = new Set(
  readdirSync(SCREENS_DIR)
    .filter((f) => f.endsWith('.astro'))
    .map((f) => f.replace(/\.astro$/, '')),
);
const routeNames = new Set<string>(ROUTES.map((r) => r.name));

type Found = Map<string, Set<string>>;
function add(found: Found, key: string, where: string): void {
  const set = found.get(key) ?? new Set<string>();
  set.add(where);
  found.set(key, set);
}
function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f) && !/\.test\./.test(f))
    .map((f) => join(ROOT, dir, f));
}

/** A route's name by its path (the handlers' descriptors carry paths). */
const nameOfPath = (path: string): string => ROUTES.find((r) => r.path === path)?.name ?? `(no route: ${path})`;

/** A route's name by its export in src/routes/refs.ts. */
const refNames = new Map(ROUTES.map((r) => [refIdentifier(r.name), r.name]));

/** The route an identifier refers to, when it names an export of src/routes/refs.ts (`routes.login`, `login`). */
function referencedRoute(node: ts.Identifier): string | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol === undefined) return undefined;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declared = symbol.declarations?.[0]?.getSourceFile().fileName;
  return declared !== undefined && rel(declared) === 'src/routes/refs.ts' ? refNames.get(symbol.name) : undefined;
}

/**
 * The routes the code links to: every reference to a route of src/routes/refs.ts, and route names where the code
 * expects a route name (its contextual type is a union of route names only).
 */
function typedRouteTargets(found: Found): void {
  for (const sf of program.getSourceFiles()) {
    // The registry defines the names (its redirects are read from the table below) and refs.ts is written from
    // it; src/build measures pages.
    const path = rel(sf.fileName);
    const defines = path === 'src/routes/registry.ts' || path === 'src/routes/refs.ts';
    if (!isPortalSource(sf.fileName) || defines || path.startsWith('src/build/')) continue;
    for (const node of nodes(sf)) {
      if (ts.isIdentifier(node)) {
        const route = referencedRoute(node);
        if (route !== undefined) add(found, route, at(node));
        continue;
      }
      if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) continue;
      if (!routeNames.has(node.text)) continue;
      const expected = checker.getContextualType(node);
      const values = expected === undefined ? undefined : literalValues(expected);
      if (values?.every((v) => routeNames.has(v))) add(found, node.text, at(node));
    }
  }
}

/** Route names in the .astro files' buildPath calls, and hard-coded /account/{locale}/… paths anywhere. */
function writtenRouteTargets(found: Found): void {
  const astro = ['src/screens', 'src/layouts', 'src/components', 'src/pages'].flatMap((d) => filesUnder(d, /\.astro$/));
  for (const file of astro) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/buildPath\(([^)]*)\)/g))
      for (const name of (call[1] ?? '').matchAll(/'([\w-]+)'/g))
        if (routeNames.has(name[1] ?? '')) add(found, name[1] ?? '', rel(file));
  }
  const code = [...astro, ...filesUnder('src', /\.tsx?$/), ...filesUnder('functions', /\.ts$/)];
  const path = /(?:\$\{(?:locale|first|preferred\(\w+\))\}|\/en)\/([a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)*)(?=[`'"$?#])/g;
  for (const file of code) {
    for (const m of readFileSync(file, 'utf8').matchAll(path)) {
      const route = matchRoute(m[1] ?? '', regions.global);
      if (route) add(found, route.name, `${rel(file)} (${m[1] ?? ''})`);
    }
  }
  const fallback = matchRoute(DEFAULT_REDIRECT_REL_PATH, regions.global);
  if (fallback) add(found, fallback.name, 'src/shared/redirect.ts DEFAULT_REDIRECT_REL_PATH');
}

/** Where the error handlers send players, for every code, payload and kind of page. */
function handlerTargets(found: Found): void {
  const messages = [
    '',
    formatMissingVerificationCode(VERIFICATION_KIND.trustedDevice),
    formatMissingVerificationCode(VERIFICATION_KIND.parentalControl),
    'country,birthday',
    '+1 555 0100',
    'https://www.lumenforge.com/expired',
  ];
  const pages = [
    { currentUrl: 'https://account.lumenforge.com/account/en/login', platform: undefined },
    { currentUrl: 'https://account.lumenforge.com/account/en/login/tpa/google', platform: undefined },
    { currentUrl: 'https://account.lumenforge.com/account/en/global/playstation/login', platform: 'playstation' },
  ];
  const note = (d: ErrorDescriptor, where: string) => {
    if (d.kind === 'navigate') add(found, nameOfPath(d.target.route), where);
    if (d.kind === 'dialog' && 'cancel' in d) add(found, nameOfPath(d.cancel.route), `${where} (cancel)`);
  };
  for (const code of ERROR_CODES)
    for (const serverMessage of messages) {
      for (const endpointId of [undefined, SELF_SERVICE_SESSION_CALL]) {
        note(selfServiceErrorAction({ code, serverMessage, endpointId }), `self-service handler ${code}`);
        note(otherCodeAction({ code, serverMessage, endpointId }), `other codes ${code}`);
      }
      for (const page of pages) {
        const ctx = { ...page, redirectPolicy: { suffixes: ['lumenforge.com'] } };
        note(mainErrorAction({ code, serverMessage }, ctx), `main handler ${code}`);
        note(loginErrorAction({ code, serverMessage }, ctx), `login handler ${code}`);
      }
    }
}

function registryTargets(found: Found): void {
  for (const route of ROUTES) {
    const meta: { redirectTo?: string; unifiedVariant?: string } = route.meta;
    if (meta.redirectTo !== undefined) add(found, meta.redirectTo, `registry ${route.name} redirectTo`);
    if (meta.unifiedVariant !== undefined) add(found, meta.unifiedVariant, `registry ${route.name} unifiedVariant`);
  }
}

const targets: Found = new Map();
typedRouteTargets(targets);
writtenRouteTargets(targets);
handlerTargets(targets);
registryTargets(targets);

describe('navigation targets', () => {
  it('are found where the code names them', () => {
    // The checks below are only as good as the search: these are known targets of each kind.
    expect(targets.get('security')).toBeDefined(); // navigate(routes.security) and RouteTarget names
    expect(targets.get('self-service')).toBeDefined(); // login.astro buildPath
    expect(targets.get('login-zendesk')).toBeDefined(); // hrefTo in the dialogs' support link
    expect(targets.get('account-overview')).toBeDefined(); // DEFAULT_REDIRECT_REL_PATH and registry redirectTo
    expect(targets.get('login-auth-types')).toBeDefined(); // the login handler's 20008
    expect(targets.get('platform-link-failed')).toBeDefined(); // the main handler on a platform page
    expect(targets.get('unified-create')).toBeDefined(); // registry unifiedVariant
  });

  it('name routes of the registry', () => {
    for (const [name, where] of targets) expect(isRouteName(name), `${name} at ${[...where].join(', ')}`).toBe(true);
  });

  it('each have a screen, or wait in the pending list for the issue that builds it', () => {
    const dangling = [...targets.keys()].filter((name) => !screens.has(name)).sort();
    const unexpected = dangling
      .filter((name) => !(name in PENDING_ROUTES))
      .map((name) => `${name} (at ${[...(targets.get(name) ?? [])].join(', ')})`);
    expect(unexpected, 'targets without a screen: build it, or list it with its issue in PENDING_ROUTES').toEqual([]);
    console.log(
      `Navigation targets: ${targets.size}, with a screen: ${targets.size - dangling.length}, pending: ` +
        dangling.map((name) => `${name} (${PENDING_ROUTES[name] ?? '?'})`).join(', '),
    );
  });

  it('in the pending list are still dangling: an entry that has its screen now, or no target, comes off', () => {
    for (const name of Object.keys(PENDING_ROUTES)) {
      expect(screens.has(name), `${name} has a screen now: remove it from PENDING_ROUTES`).toBe(false);
      expect(targets.has(name), `nothing points at ${name} any more: remove it from PENDING_ROUTES`).toBe(true);
    }
  });
});

/** Each screen's islands (the component exported by its module), and the start-up script every page runs. */
function pageEntries(): { file: string; name?: string }[] {
  const entries: { file: string; name?: string }[] = [];
  for (const name of screens) {
    const screen = readScreen(name);
    for (const island of screen.islands)
      entries.push({ file: islandFile(screen.source, island.module), name: island.component });
  }
  const shell = join(ROOT, 'src/layouts/Shell.astro');
  for (const m of readFileSync(shell, 'utf8').matchAll(/<script>\s*import '([^']+)';/g)) {
    const file = resolveImport(m[1] ?? '', shell);
    if (file !== undefined) entries.push({ file });
  }
  return entries;
}

function islandFile(screen: string, module: string): string {
  const file = resolveImport(module, join(SCREENS_DIR, `${screen}.astro`));
  if (file === undefined) throw new Error(`src/screens/${screen}.astro: cannot resolve ${module}`);
  return file;
}

/** The id of a contract endpoint declaration (`export const x = endpoint({ id: 'x', … })`), if the statement is one. */
function endpointId(statement: ts.Statement): string | undefined {
  if (!rel(statement.getSourceFile().fileName).startsWith('src/shared/contract/')) return undefined;
  if (!ts.isVariableStatement(statement)) return undefined;
  const init = statement.declarationList.declarations[0]?.initializer;
  if (!init || !ts.isCallExpression(init) || init.expression.getText() !== 'endpoint') return undefined;
  const [def] = init.arguments;
  if (!def || !ts.isObjectLiteralExpression(def)) return undefined;
  for (const prop of def.properties)
    if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'id' && ts.isStringLiteral(prop.initializer))
      return prop.initializer.text;
  return undefined;
}

/**
 * The start-up script's calls, which it names by endpoint id in a table of paths rather than importing the
 * endpoints (src/client/startup/api.ts START_UP_CALLS: an endpoint would bring its zod schemas to every page).
 */
function startUpCalls(statement: ts.Statement): string[] {
  if (!ts.isVariableStatement(statement)) return [];
  const decl = statement.declarationList.declarations[0];
  if (decl?.name.getText() !== 'START_UP_CALLS' || decl.initializer === undefined) return [];
  let table: ts.Expression = decl.initializer;
  while (ts.isAsExpression(table) || ts.isSatisfiesExpression(table)) table = table.expression;
  return ts.isObjectLiteralExpression(table) ? table.properties.map((p) => p.name?.getText() ?? '') : [];
}

/** The endpoints the pages call: contract declarations their code reaches, with what reached each. */
function calledEndpoints(): Found {
  const found: Found = new Map();
  for (const [statement, by] of reachableStatements(pageEntries())) {
    const where = by === undefined ? at(statement) : at(by);
    const id = endpointId(statement);
    if (id !== undefined) add(found, id, where);
    for (const call of startUpCalls(statement)) add(found, call, at(statement));
  }
  return found;
}

describe('contract endpoints the pages call', () => {
  const called = calledEndpoints();
  const served = new Set([...servedEndpoints(createApp())].map((e) => e.id));

  it('are found through the islands and the start-up script', () => {
    expect(called.get('webEmailLogin')).toBeDefined(); // login island → after-submit → client/api
    expect(called.get('listTrustedDevices')).toBeDefined(); // trusted devices island
    expect(called.get('getConfiguration')).toBeDefined(); // start-up script
    expect(called.get('zendeskLogin')).toBeUndefined(); // in client/api, but no page imports it
  });

  it('are served by the reference API, or wait in the pending list for the issue that serves them', () => {
    const unserved = [...called.keys()].filter((id) => !served.has(id)).sort();
    const unexpected = unserved
      .filter((id) => !(id in PENDING_ENDPOINTS))
      .map((id) => `${id} (from ${[...(called.get(id) ?? [])].join(', ')})`);
    expect(unexpected, 'endpoints the API does not serve: serve them, or list them in PENDING_ENDPOINTS').toEqual([]);
    console.log(`Endpoints the pages call: ${called.size}, served: ${called.size - unserved.length}`);
  });

  it('in the pending list are still unserved and still called', () => {
    for (const id of Object.keys(PENDING_ENDPOINTS)) {
      expect(served.has(id), `${id} is served now: remove it from PENDING_ENDPOINTS`).toBe(false);
      expect(called.has(id), `no page calls ${id} any more: remove it from PENDING_ENDPOINTS`).toBe(true);
    }
  });
});

/** The values of MessageKey (src/i18n/keys.ts), read from the compiler. */
function messageKeys(): Set<string> {
  const sf = program.getSourceFile(join(ROOT, 'src/i18n/keys.ts'));
  const decl = sf?.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === 'MessageKey');
  if (!decl || !ts.isTypeAliasDeclaration(decl)) throw new Error('MessageKey not found in src/i18n/keys.ts');
  return new Set(literalValues(checker.getTypeAtLocation(decl.name)) ?? []);
}

describe('message keys of the islands', () => {
  const keys = messageKeys();
  const errorTexts = new Set(allErrorKeys());

  /** Keys named where the code expects a MessageKey, with where; template keys enumerated from their type. */
  function keysNamed(statements: Iterable<ts.Statement>): Found {
    const found: Found = new Map();
    for (const statement of statements) {
      const validation = rel(statement.getSourceFile().fileName).startsWith('src/shared/validation/');
      for (const node of nodes(statement)) {
        if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateExpression(node))
          continue;
        // The shared schemas name keys as their issue messages, typed as plain strings (issue-key.ts).
        if (validation && !ts.isTemplateExpression(node) && keys.has(node.text)) {
          add(found, node.text, at(node));
          continue;
        }
        const expected = checker.getContextualType(node);
        const allowed = expected === undefined ? undefined : literalValues(expected);
        if (allowed === undefined || allowed.length < keys.size) continue;
        const values = ts.isTemplateExpression(node) ? literalValues(checker.getTypeAtLocation(node)) : [node.text];
        for (const value of values ?? []) add(found, value, at(node));
      }
    }
    return found;
  }

  it('are found in the islands', () => {
    expect(keys.size).toBeGreaterThan(500);
    const reach = (file: string, name: string) => reachableStatements([{ file: join(ROOT, file), name }]).keys();
    const login = keysNamed(reach('src/islands/login/LoginIsland.tsx', 'LoginIsland'));
    expect(login.get('login.submit')).toBeDefined();
    expect(login.get('form.passwordStrength.4')).toBeUndefined();
    const create = keysNamed(reach('src/islands/create/CreateIsland.tsx', 'CreateIsland'));
    expect(create.get('form.passwordStrength.4')).toBeDefined(); // a template key, enumerated from its type
    expect(create.get('create.details.heading')).toBeDefined();
  });

  it.each([...screens].filter((s) => readScreen(s).islands.length > 0))(
    "%s: every key its island names is in the screen's namespaces, the frame's strings or the §8 texts",
    (name) => {
      const screen = readScreen(name);
      const prefixes = [...(screen.ns ?? []), ...FRAME_STRINGS];
      const covered = (key: string) =>
        errorTexts.has(key) || prefixes.some((p) => key === p || key.startsWith(`${p}.`));
      const entries = screen.islands.map((island) => ({
        file: islandFile(screen.source, island.module),
        name: island.component,
      }));
      const named = keysNamed(
        [...reachableStatements(entries).keys()].filter((s) =>
          /^src\/(islands|client|shared\/validation)\//.test(rel(s.getSourceFile().fileName)),
        ),
      );
      const missing = [...named]
        .filter(([key]) => !covered(key))
        .map(([key, where]) => `${key} (at ${[...where].join(', ')})`);
      expect(missing, `add the namespace to ns in src/screens/${screen.source}.astro`).toEqual([]);
      const unused = (screen.ns ?? []).filter(
        (p) => ![...named.keys()].some((key) => key === p || key.startsWith(`${p}.`)),
      );
      expect(
        unused,
        `namespaces the island never names: remove them from ns in src/screens/${screen.source}.astro`,
      ).toEqual([]);
    },
  );
});
