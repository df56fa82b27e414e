import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's module cache instead of importing the whole app again, each in a new process
    // (that import was 437–537 s of the two workers' time per suite). Every test app has its own database either way;
    // what a file changes in the process it gives back (globals are unstubbed, TZ restored, test factories keep their
    // caches per test app). Decision 044.
    isolate: false,
    unstubGlobals: true,
    // Vitest's default is one worker less than the cores: one on a 2-core machine, where most of a test's time is
    // spent waiting (timers, the database, the network stack), so two halve the run.
    maxWorkers: Math.max(2, availableParallelism()),
    // On PGlite, one migrated cluster for the whole run (apps/api/src/test/pglite-snapshot.ts); on PostgreSQL, one
    // migrated template database (apps/api/src/test/pg-template.ts).
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    // In CI (or with VITEST_SLOWEST=n), the slowest files and tests at the end: where the step's time goes.
    reporters:
      process.env.CI || process.env.VITEST_SLOWEST
        ? ['default', './apps/api/src/test/slowest-reporter.ts']
        : ['default'],
  },
});
