import fs from 'node:fs';
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

const webNeverServer = {
  group: ['@tianguis/server', '**/server/**'],
  message: 'web never imports server',
};

/**
 * The web app's zones (packages/web/src): `app/` (routes and shell) and the entry files compose
 * `features/<name>/`; `lib/` and `components/` are shared and know no feature. Each feature may
 * use only the features listed here, and only through their public entry `features/<name>/index.ts`
 * (inside a feature, relative imports as usual). The list is acyclic (checked below): a pair of
 * features depends in one direction at most, so the basket (carrito) never imports the public
 * shop (tienda-publica), which builds on it. A new feature, or a new dependency, is a line here.
 */
export const WEB_FEATURE_DEPS = {
  admin: [],
  alertas: ['pedidos-tienda'],
  auth: [],
  carrito: [],
  checkout: ['carrito', 'pedidos', 'seguimiento', 'tienda-publica'],
  cocina: ['pedidos-tienda'],
  directorio: ['tienda-publica'],
  impresora: [],
  info: [],
  'mi-tienda': ['tienda-publica'],
  'pedido-manual': [
    'carrito',
    'checkout',
    'mi-tienda',
    'pedidos',
    'pedidos-tienda',
    'tienda-publica',
  ],
  pedidos: [],
  'pedidos-tienda': ['impresora', 'mi-tienda', 'pedidos', 'push'],
  personal: ['auth'],
  programacion: ['mi-tienda'],
  push: [],
  seguimiento: ['pedidos', 'push'],
  'tienda-publica': ['carrito'],
  ventas: ['mi-tienda', 'pedidos-tienda'],
  'zonas-envio': ['mi-tienda'],
};

/**
 * Tests may reach into any feature's files (their helpers live outside src/, in
 * packages/web/test/); the rule of lib/ and components/ holds for their tests too.
 */
const WEB_TEST_FILES = ['packages/web/src/**/*.test.{ts,tsx}'];

const zoneMessages = {
  throughIndex:
    "use another feature only through its public entry: import '<path>/features/<name>' (its index.ts), never a file inside it",
  sharedNeverFeatures:
    'lib/ and components/ never import features/: move the piece into lib/ or components/, or pass it in as a prop or callback',
  featureNeverApp: 'features never import app/: the routes and the shell compose the features',
  featurePath:
    "inside features/, import another feature as '../<name>' (relative), not through features/",
  notADependency: (feature, deps) =>
    `features/${feature} uses ${deps.length ? `only ${deps.map((d) => `features/${d}`).join(', ')}` : 'no other feature'} (WEB_FEATURE_DEPS in eslint.config.js: one direction per pair, no cycles)`,
};

/** `/` as the selectors' regexes write it (esquery's /…/ cannot hold a slash). */
const regexForSelector = (source) => source.replaceAll('/', '\\x2F');

/** no-restricted-imports and no-restricted-syntax (for `import()`) from one list of patterns. */
function restrictImports(patterns) {
  const regexPatterns = patterns.filter((p) => p.regex);
  return {
    'no-restricted-imports': ['error', { patterns: [webNeverServer, ...patterns] }],
    'no-restricted-syntax': [
      'error',
      ...regexPatterns.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regexForSelector(regex)}/]`,
        message,
      })),
    ],
  };
}

function webZones() {
  const featuresDir = new URL('./packages/web/src/features/', import.meta.url);
  const folders = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const declared = Object.keys(WEB_FEATURE_DEPS);
  const undeclared = folders.filter((name) => !declared.includes(name));
  if (undeclared.length) {
    throw new Error(`eslint.config.js: add features/${undeclared.join(', ')} to WEB_FEATURE_DEPS`);
  }
  assertAcyclic(WEB_FEATURE_DEPS);

  const up = (n) => `(?:\\.\\./){${n}}`;
  const anyFeatureFile = '^(?:\\.\\.?/)+features/[^/]+/';
  // A relative path leaves a feature's file by one `../` per folder it sits in below
  // features/<name>/ (components/x.tsx: 1), so the patterns are written per depth.
  const depths = [...Array(folderDepth(featuresDir) + 1).keys()];
  return [
    {
      files: ['packages/web/src/{lib,components}/**/*.{ts,tsx}'],
      rules: restrictImports([
        { regex: '^(?:\\.\\./)+features(?:/|$)', message: zoneMessages.sharedNeverFeatures },
      ]),
    },
    {
      files: ['packages/web/src/app/**/*.{ts,tsx}', 'packages/web/src/*.{ts,tsx}'],
      ignores: WEB_TEST_FILES,
      rules: restrictImports([{ regex: anyFeatureFile, message: zoneMessages.throughIndex }]),
    },
    ...declared.flatMap((feature) => {
      const deps = WEB_FEATURE_DEPS[feature];
      const others = declared.filter((name) => name !== feature && !deps.includes(name));
      return depths.map((depth) => ({
        files: [`packages/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        ignores: WEB_TEST_FILES,
        rules: restrictImports([
          { regex: '^(?:\\.\\./)+features(?:/|$)', message: zoneMessages.featurePath },
          { regex: '^(?:\\.\\./)+app(?:/|$)', message: zoneMessages.featureNeverApp },
          ...(others.length
            ? [
                {
                  regex: `^${up(depth + 1)}(?:${others.join('|')})(?:/|$)`,
                  message: zoneMessages.notADependency(feature, deps),
                },
              ]
            : []),
          { regex: `^${up(depth + 1)}[^./][^/]*/`, message: zoneMessages.throughIndex },
        ]),
      }));
    }),
  ];
}

/** How many folders deep the deepest folder below `dir` is, counting the features' own as 0. */
function folderDepth(dir, depth = -1) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .reduce(
      (deepest, entry) => Math.max(deepest, folderDepth(new URL(`${entry.name}/`, dir), depth + 1)),
      depth,
    );
}

/** Throws on a cycle in a dependency list ({ name: [names it uses] }), naming it. */
export function assertAcyclic(deps) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      const cycle = [...path.slice(path.indexOf(name)), name].join(' → ');
      throw new Error(`eslint.config.js: WEB_FEATURE_DEPS has a cycle: ${cycle}`);
    }
    state.set(name, 'open');
    for (const dep of deps[name] ?? []) {
      if (!(dep in deps)) throw new Error(`eslint.config.js: features/${dep} does not exist`);
      visit(dep, [...path, name]);
    }
    state.set(name, 'done');
  };
  for (const name of Object.keys(deps)) visit(name, []);
}

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
      'no-restricted-imports': ['error', { patterns: [webNeverServer] }],
    },
  },
  ...webZones(),
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
