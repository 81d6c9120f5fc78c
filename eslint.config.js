import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** modules/<a>/ may import from another module <b> only `../<b>/<name>.service.js`. */
const onlyThroughServices = {
  regex: '^\\.\\./(?!\\.\\.?/)[^/]+/(?![^/]+\\.service\\.js$)',
  message:
    'use another module only through its service file (../<module>/<name>.service.js); expose what you need there',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The domain package is pure: zod only, no I/O and no clock reads (time is a parameter).
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'domain imports nothing but zod' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'pass time in as a parameter',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'pass time in as a parameter',
        },
      ],
    },
  },
  {
    // A server module uses another module only through its service file(s): from
    // modules/<a>/, `../<b>/<name>.service.js` and nothing else of <b> (docs/write-path.md,
    // "Modules on the order path"). Tests may reach into any module.
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyThroughServices] }] },
  },
  // The basket and the orders never import each other: the checkout composes them.
  ...[
    ['carrito', 'pedidos'],
    ['pedidos', 'carrito'],
  ].map(([module, other]) => ({
    files: [`packages/server/src/modules/${module}/**/*.ts`],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlyThroughServices,
            {
              regex: `^\\.\\./${other}/`,
              message:
                'the basket and the orders never import each other; modules/checkout composes them',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tianguis/server', '**/server/**'], message: 'web never imports server' },
          ],
        },
      ],
    },
  },
  {
    // The web app's test helpers live in packages/web/test/ (tests import them as #test/...);
    // production code never imports them, nor vitest or Testing Library. A rule of its own
    // (typescript-eslint's copy of no-restricted-imports), so the zones' lists stay as they are.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#test/|(^|/)test/',
              message: 'only tests import the test helpers (packages/web/test/)',
            },
            {
              group: ['vitest', 'vitest/*', '@testing-library/*'],
              message: 'only tests (and packages/web/test/) use vitest and Testing Library',
            },
          ],
        },
      ],
    },
  },
);
