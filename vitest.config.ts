import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/setup/longest-first.ts';

// CI (.ci/run): a test that fails is run once more, as the end-to-end tests are (playwright.config.ts);
// one that passed only then is listed as flaky in npm test's summary (scripts/test.mjs).
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    maxWorkers: 2,
    // The longest files start first, wherever vitest has no timings of an earlier run (CI).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      ...domProjects('sdk', './sdk', ['src/**/*.test.{ts,tsx}']),
      ...domProjects('shell', './shell', ['src/**/*.test.{ts,tsx}']),
      ...domProjects('plugins', './plugins', ['*/src/**/*.test.{ts,tsx}', '*.test.ts']),
      {
        test: {
          name: 'tooling',
          root: '.',
          retry,
          environment: 'node',
          // Builds with rollup and child processes: 5 s (Vitest's default) was missed at load 28.
          testTimeout: 30_000,
          // The plugin build tools (tools/*) and the shell's Vite plugins are tooling too: Node, no DOM.
          include: ['scripts/**/*.test.mjs', 'tools/**/*.test.{ts,mjs}', 'shell/vite/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          retry,
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates and seeds once; every test server starts from a copy (test/test-database.ts).
          globalSetup: ['./test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The proof of issue 33 (docs/deployment.md "Proof"): three built nodes on PostgreSQL
        // behind HAProxy, started once for the file. Not part of `npm test`, which names its
        // projects; `.ci/run` runs it after `npm test` (`npm run test:cluster`).
        test: {
          name: 'cluster',
          root: './server',
          environment: 'node',
          include: ['test/cluster/**/*.cluster.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});

/**
 * The component tests of one package, in two projects. Files that replace a module
 * (`vi.mock`) run isolated: a module another file already loaded would ignore their mock.
 * The rest share one module cache per worker (`isolate: false`) — React, Arco and the SDK
 * are imported once per worker instead of once per file, which is most of the suite's time.
 * Each file still gets a fresh DOM (tests/setup/dom.ts cleans up after it) and the SDK's initial
 * state (tests/setup/shared-modules.ts).
 */
function domProjects(name: string, root: string, include: string[]) {
  const mocking = testFiles(root).filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')));
  // 15 s per test: component tests render Arco in jsdom, slow on a busy machine (see tests/setup/dom.ts).
  const common = { root, environment: 'jsdom', testTimeout: 15_000, retry } as const;
  return [
    {
      test: {
        ...common,
        name,
        include,
        exclude: [...configDefaults.exclude, ...mocking],
        isolate: false,
        // Each file starts from the SDK's initial state (session, portal configuration, hooks).
        setupFiles: ['../tests/setup/dom.ts', '../tests/setup/shared-modules.ts'],
      },
    },
    ...(mocking.length > 0
      ? [{ test: { ...common, name: `${name}:mocks`, include: mocking, setupFiles: ['../tests/setup/dom.ts'] } }]
      : []),
  ];
}

/** Test files under `root` (relative paths), outside node_modules and build output. */
function testFiles(root: string, dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(root, path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
