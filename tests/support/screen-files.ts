/**
 * What a screen file (src/screens/{route}.astro) declares, read from its
 * source: the frame's `ns` (the island's string namespaces), its `title`, and
 * the island it renders. Shared by the component tests (an island is rendered
 * with exactly the strings its screen gives it) and the unit coverage checks.
 * A screen that only renders another screen (unified-login → login) is
 * followed to that one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** From the project root, where vitest runs (under happy-dom, import.meta.url is not a file URL). */
export const SCREENS_DIR = join(process.cwd(), 'src/screens/');

export interface ScreenFile {
  /** The route name (the file's name). */
  readonly name: string;
  /** The screen file actually holding the frame (login for unified-login). */
  readonly source: string;
  readonly text: string;
  /** The frame's namespaces; undefined for a screen without the frame (MessagePage screens). */
  readonly ns: readonly string[] | undefined;
  readonly title: string | undefined;
  /** The island components rendered (`<X client:…`), with the module each is imported from. */
  readonly islands: readonly { readonly component: string; readonly module: string }[];
}

function quoted(list: string): string[] {
  return [...list.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/**
 * `ns={NAME}`: a list several screens share (e.g. LOGIN_ISLAND_NS), imported by name from a module beside the
 * island; read from that module's `export const NAME = [ … ]`.
 */
function sharedList(text: string): string | undefined {
  const name = /\sns=\{(\w+)\}/.exec(text)?.[1];
  if (name === undefined) return undefined;
  const from = new RegExp(`import \\{ ${name} \\} from '([^']+)';`).exec(text)?.[1];
  if (from === undefined) throw new Error(`ns={${name}}: no import of ${name}`);
  const module = readFileSync(join(SCREENS_DIR, `${from}.ts`), 'utf8');
  const list = new RegExp(`export const ${name} = \\[([\\s\\S]*?)\\]`).exec(module)?.[1];
  if (list === undefined) throw new Error(`ns={${name}}: no list ${name} in ${from}.ts`);
  return list;
}

export function readScreen(name: string): ScreenFile {
  const path = `${SCREENS_DIR}${name}.astro`;
  if (!existsSync(path)) throw new Error(`no screen file src/screens/${name}.astro`);
  const text = readFileSync(path, 'utf8');
  const delegate = /import \w+ from '\.\/([\w-]+)\.astro';/.exec(text)?.[1];
  if (delegate !== undefined && !text.includes('<Screen')) return { ...readScreen(delegate), name };
  const list = /\sns=\{\[([\s\S]*?)\]\}/.exec(text)?.[1] ?? sharedList(text);
  const single = /\sns="([^"]+)"/.exec(text)?.[1];
  const ns = list !== undefined ? quoted(list) : single !== undefined ? [single] : undefined;
  const title = /\stitle="([^"]+)"/.exec(text)?.[1];
  const imports = new Map(
    [...text.matchAll(/import \{ (\w+) \} from '([^']+)';/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const),
  );
  const islands = [...text.matchAll(/<(\w+)\s+client:\w+/g)].map((m) => {
    const component = m[1] ?? '';
    return { component, module: imports.get(component) ?? '' };
  });
  return { name, source: name, text, ns, title, islands };
}
