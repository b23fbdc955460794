import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'sdk',
          root: './sdk',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../tests/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'shell',
          root: './shell',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../tests/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'plugins',
          root: './plugins',
          environment: 'jsdom',
          include: ['*/src/**/*.test.{ts,tsx}', '*.test.ts'],
          setupFiles: ['../tests/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          environment: 'node',
          // The SDK's build tools (sdk/build) are tooling too: Node, no DOM to set up.
          include: ['scripts/**/*.test.mjs', 'sdk/build/**/*.test.{ts,mjs}'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates and seeds once; every test server starts from a copy (test/test-database.ts).
          globalSetup: ['./test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
