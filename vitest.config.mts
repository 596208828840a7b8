import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure dashboard/library logic) and `store` (the Store API
// through real HTTP against a real database: PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "components/**/*.test.ts",
            "scripts/**/*.test.ts",
            "store-api/src/**/*.test.ts",
          ],
          // It builds and starts the product three times (a minute): the slow project, beside the store's suites.
          exclude: ["scripts/start.test.ts", "**/node_modules/**"],
          environment: "node",
          // A hang guard, not a timing check: CI runs these beside the type check and lint on two cores,
          // where tests that stream through a local server took up to 4 s of the default 5 s, and over it.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "store",
          include: ["store-api/test/**/*.test.ts"],
          environment: "node",
          // One migrated database per run, which every test store copies.
          globalSetup: ["store-api/test/global-setup.ts"],
          testTimeout: 30_000,
          // Generous: a store's close drops its PostgreSQL database, which waits for a checkpoint (slow while
          // the other run writes hard). Not a timing check; a hang still fails.
          hookTimeout: 180_000,
          // Each file builds its own app and database; two cores, so keep it lean.
          maxWorkers: 2,
          // A worker's files share their modules (the app's, Fastify's, Drizzle's are loaded once, not
          // once a file): a third less time. Safe because no store test changes what it imports (no
          // vi.mock, fake timers or process.env writes; the one mock, of the dashboard's "server-only" marker in
          // test/api/dashboard-permissions.test.ts, is of a module no store code imports); each file still gets
          // its own app and database.
          isolate: false,
        },
      },
      {
        test: {
          // What builds and starts the whole product (`npm start`): run by scripts/test-store.mjs beside the
          // store's PostgreSQL run, which waits on its server much of the time (docs/testing.md).
          name: "slow",
          include: ["scripts/start.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // As the store's: Vitest runs projects of one group in one pool, which takes one maxWorkers. The
          // file takes one worker while the store's files share the other.
          maxWorkers: 2,
        },
      },
    ],
  },
});
