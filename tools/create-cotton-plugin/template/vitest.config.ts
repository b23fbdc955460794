import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // The SDK is written for bundlers (its widgets import Arco's folders and CSS modules):
    // let Vite transform it rather than Node load it.
    server: { deps: { inline: ['@cotton/sdk'] } },
    // The first render compiles Arco and the SDK: on a busy machine more than Vitest's 5 s.
    testTimeout: 30_000,
  },
});
