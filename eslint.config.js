// Typed flat ESLint config: TypeScript (type-aware) for .ts/.tsx, the Astro plugin for .astro.
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '**/.astro/',
      '.wrangler/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  ...tseslint.configs.strictTypeChecked.map((c) => ({ ...c, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  // The rules of hooks, complete dependency lists and the React Compiler's checks (recommended-latest: refs
  // during render, impure calls, set-state-in-effect…). Browser state after hydration goes through the kit's
  // useHydrated, loads through useLoaded; a suppression names its reason on its line.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  // Boundaries the docs state (docs/app-shell.md, docs/api.md): code that reaches the browser, and the contract
  // shared with it, never imports the reference API (server code and its secrets stay out of every bundle).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/build/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Relative paths up to the repository's server/ folder (a package path such as astro/runtime/server is fine).
              regex: '^(\\.\\./)+server(/|$)',
              message: 'Browser and shared code must not import the reference API (server/).',
            },
          ],
        },
      ],
    },
  },
  // Islands and the navigation they use link through the browser's route table (src/client/navigation/routes.ts):
  // the registry's meta would load with every page (docs/performance.md). Its types are free. The guards (run by
  // the edge and the shell, on demand) read the meta.
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/startup/**', 'src/client/shell/**', 'src/client/navigation/guards.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)routes/registry$',
              message: 'Link through client/navigation/routes.ts; import the registry for its types only.',
              allowTypeImports: true,
            },
            { regex: '^(\\.\\./)+server(/|$)', message: 'Browser code must not import the reference API (server/).' },
          ],
        },
      ],
    },
  },
  // A transition started inside a form's submit event makes React 19 treat the form as an action: a FormData of
  // the whole form and an urgent render of its status before the submit's call (docs/performance.md "The form
  // status nobody reads"). Submit handlers start theirs with the kit's startTransitionAfterSubmit.
  {
    files: ['src/islands/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "JSXAttribute[name.name='onSubmit'] CallExpression[callee.name='startTransition']",
          ":function[id.name='onSubmit'] CallExpression[callee.name='startTransition']",
          "VariableDeclarator[id.name='onSubmit'] CallExpression[callee.name='startTransition']",
        ].map((selector) => ({
          selector,
          message:
            'In a submit handler, start the transition with startTransitionAfterSubmit (../shared/submit-transition).',
        })),
      ],
    },
  },
  // Page start-up code runs on every page before anything else (docs/app-shell.md, docs/performance.md): it
  // validates its payloads without zod and loads no route table, no i18next and no island. Type imports are free.
  {
    files: ['src/client/startup/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'Start-up code checks its payloads by hand (payloads.ts).',
              allowTypeImports: true,
            },
            {
              name: 'zod/mini',
              message: 'Start-up code checks its payloads by hand (payloads.ts).',
              allowTypeImports: true,
            },
            { name: 'i18next', message: 'Start-up code gets its texts from the page (data attributes).' },
          ],
          patterns: [
            { regex: '(^|/)routes/registry$', message: 'Start-up code uses the guard hints, not the route table.' },
            { regex: '(^|/)islands/', message: 'Start-up code loads no island.' },
            { regex: '^(\\.\\./)+server(/|$)', message: 'Browser code must not import the reference API (server/).' },
          ],
        },
      ],
      // An import() whose names are picked (destructured, or `(await import(x)).f`) is wrapped by Vite in a function
      // that re-exports each name, 20-60 B raw a site in the file every page loads; `import(x).then((m) => m.f())`
      // and a namespace (`const m = await import(x)`) are not (112 B br less over nine sites: docs/performance.md).
      'no-restricted-syntax': [
        'error',
        ...[
          'VariableDeclarator[id.type="ObjectPattern"] > AwaitExpression > ImportExpression',
          'MemberExpression > AwaitExpression.object > ImportExpression',
          'CallExpression[callee.property.name="then"][callee.object.type="ImportExpression"] > :function > ObjectPattern',
        ].map((selector) => ({
          selector,
          message:
            'In start-up code take the module object: import(x).then((m) => m.f()), or const m = await import(x).',
        })),
      ],
    },
  },
  ...astro.configs.recommended,
);
