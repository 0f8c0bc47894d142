/**
 * One index of the docs (issue 25 §4): the README's "Documentation" table lists every page of docs/ once, and
 * only pages that exist, so a newcomer finds each one from the README.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const section = /^## Documentation\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
const listed = [...section.matchAll(/^\| \[docs\/([\w-]+\.md)\]\(docs\/([\w-]+\.md)\)/gm)].map((m) => {
  expect(m[1], 'link text and target name the same page').toBe(m[2]);
  return m[1] ?? '';
});
const docs = readdirSync('docs').filter((name) => name.endsWith('.md'));

describe("the README's documentation index", () => {
  it('lists every page of docs/', () => {
    expect(section, 'README has a "## Documentation" section').not.toBe('');
    expect(docs.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('lists each page once, and only pages that exist', () => {
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect(listed.filter((name) => !existsSync(`docs/${name}`))).toEqual([]);
  });
});
