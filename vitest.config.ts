import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PGlite, one migrated cluster for the whole run (apps/api/src/test/pglite-snapshot.ts).
    globalSetup: ['apps/api/src/test/global-setup.ts'],
  },
});
