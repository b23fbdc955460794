import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'sdk',
          root: './sdk',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.{ts,mjs}'],
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
          name: 'server',
          root: './server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
