/**
 * Route path templates (spec §2): `{name}` is a required parameter, `{name?}` an optional one. Shared by the
 * route registry (pages, Functions, tests) and the browser's route table (src/client/navigation/routes.ts), which
 * carries paths only: the registry's meta stays out of the pages' start-up code.
 */
const PARAM = /\{(\w+)(\?)?\}/g;

/** The parameters of a path template, in order. */
export function templateParams(path: string): { name: string; optional: boolean }[] {
  return [...path.matchAll(PARAM)].map((m) => ({ name: m[1] ?? '', optional: m[2] === '?' }));
}

/** A template filled with `params` (URL-encoded); a missing optional parameter drops its segment. */
export function fillTemplate(name: string, path: string, params: Readonly<Record<string, string>> = {}): string {
  return path
    .replace(PARAM, (_m, key: string, optional?: string) => {
      const value = params[key];
      if (value) return encodeURIComponent(value);
      if (optional) return '';
      throw new Error(`Route ${name} needs parameter ${key}`);
    })
    .replace(/\/{2,}/g, '/')
    .replace(/^\/|\/$/g, '');
}
