import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the domain package from its sources, so no build is needed before `vitest`.
const domainSource = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));
// The web app's test helpers live beside its sources, in packages/web/test/ (never in src/):
// a test imports them as `#test/<feature>/<file>`. Only the tests know this name, so a
// production module that imported a helper would not build.
const webTestHelpers = fileURLToPath(new URL('./packages/web/test/', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@tianguis/domain': domainSource } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/test/setup.ts'],
        },
        resolve: { alias: [{ find: /^#test\//, replacement: webTestHelpers }] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
