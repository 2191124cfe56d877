import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One-way imports (bulletproof-react): app -> features -> engine -> shared; the server never imports browser code.
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((name) =>
          name.startsWith('@/')
            ? // '@/app/x', or a relative path that climbs straight into src/app
              { regex: `^(@/|(\\.\\./)+)${name.slice(2, -2)}(/|$)`, message }
            : { group: [name], message },
        ),
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'node_modules',
      'data',
      'src/engine/generated',
      'stories/generated',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  layer(
    ['src/shared/**'],
    ['@/app/*', '@/features/*', '@/engine/*', '@/server/*', '@/register/*', '@/mobile/*'],
    'shared imports nothing above it',
  ),
  layer(
    ['src/engine/**'],
    ['@/app/*', '@/features/*', '@/server/*', '@/register/*', '@/mobile/*'],
    'the engine knows no feature and no app',
  ),
  layer(
    ['src/features/**'],
    ['@/app/*', '@/server/*', '@/register/*', '@/mobile/*'],
    'features do not import the app shell or the server',
  ),
  layer(
    ['src/register/**'],
    ['@/app/*', '@/server/*', '@/mobile/*', '@/engine/*'],
    'the microsite carries no internet-banking code',
  ),
  layer(
    ['src/mobile/**'],
    ['@/app/*', '@/server/*', '@/register/*', '@/features/*', '@/engine/*'],
    'the companion app stays small',
  ),
  layer(
    ['src/server/**'],
    [
      '@/app/*',
      '@/features/*',
      '@/engine/*',
      '@/register/*',
      '@/mobile/*',
      'react',
      'react-dom',
      '@mui/*',
      '@rjsf/*',
      'react-router',
    ],
    'the server never imports browser code',
  ),
  {
    // Server and browser test files share one module graph per worker (vite.config.ts: isolate: false),
    // so a module replaced in one file would leak into the next.
    files: ['tests/server/**/*.ts', 'tests/browser/**/*.ts'],
    ignores: ['tests/server/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal)$/]",
          message:
            'server and browser test files share modules: replace a module only in a *.isolated.test.ts file',
        },
      ],
    },
  },
);
