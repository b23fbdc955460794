import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundaryViolation } from './boundaries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const at = (/** @type {string} */ file) => path.join(ROOT, file);

describe('cotton/boundaries', () => {
  it('lets a plugin import the shared modules, its own files and its declared dependencies', () => {
    const page = at('plugins/receipt/src/pages/bid-list/index.tsx');
    for (const specifier of [
      'react',
      'react/jsx-runtime',
      'react-router-dom',
      'mobx',
      'mobx-react-lite',
      '@arco-design/web-react',
      '@arco-design/web-react/icon',
      '@cotton/sdk',
      './columns',
      '../../api',
    ]) {
      expect([specifier, boundaryViolation(page, specifier)]).toEqual([specifier, null]);
    }
    expect(boundaryViolation(at('plugins/receipt/src/pages/batch-quality/bar-chart.ts'), 'chart.js')).toBeNull();
  });

  it('stops a plugin importing anything else', () => {
    const page = at('plugins/home/src/pages/home/index.tsx');
    expect(boundaryViolation(page, 'axios')).toMatch(/shared modules/);
    expect(boundaryViolation(page, 'chart.js')).toMatch(/shared modules/);
    expect(boundaryViolation(page, '@cotton/server')).toMatch(/shared modules/);
    expect(boundaryViolation(page, '../../../../../shell/src/main')).toMatch(/leaves plugins\/home\//);
    expect(boundaryViolation(page, '../../../../warehouse/src/index')).toMatch(/leaves plugins\/home\//);
  });

  it('keeps the SDK, the shell and the server apart', () => {
    expect(boundaryViolation(at('sdk/src/index.ts'), '../../shell/src/main')).toMatch(/leaves sdk\//);
    expect(boundaryViolation(at('sdk/src/index.ts'), '@cotton/shell')).toMatch(/SDK imports nothing/);
    expect(boundaryViolation(at('shell/src/main.tsx'), '@cotton/plugin-home')).toMatch(/no plugin/);
    expect(boundaryViolation(at('server/src/app.ts'), '@cotton/sdk')).toMatch(/only @cotton\/sdk\/validators/);
    expect(boundaryViolation(at('server/src/app.ts'), '@cotton/sdk/validators')).toBeNull();
    expect(boundaryViolation(at('server/src/app.ts'), 'fastify')).toBeNull();
  });

  it('lets the browser side import the wire contracts only as types, and the server as values', () => {
    const shell = at('shell/src/auth/session.ts');
    const plugin = at('plugins/receipt/src/api/index.ts');
    for (const file of [shell, plugin]) {
      expect(boundaryViolation(file, '@cotton/sdk/contracts', { typeOnly: true })).toBeNull();
      expect(boundaryViolation(file, '@cotton/sdk/contracts')).toMatch(/only their types, with `import type`/);
      expect(boundaryViolation(file, 'typebox')).toMatch(/TypeBox stays out of the browser|shared modules/);
    }
    expect(boundaryViolation(at('server/src/modules/warehouse/schema.ts'), '@cotton/sdk/contracts')).toBeNull();
    expect(boundaryViolation(at('server/src/modules/warehouse/schema.ts'), 'typebox/value')).toBeNull();

    // Inside the SDK: its browser code takes types from ./contracts; the contracts use TypeBox.
    const store = at('sdk/src/session/store.ts');
    expect(boundaryViolation(store, '../contracts/session', { typeOnly: true })).toBeNull();
    expect(boundaryViolation(store, '../contracts/session')).toMatch(/only their types/);
    expect(boundaryViolation(at('sdk/src/index.ts'), './contracts/session', { typeOnly: true })).toBeNull();
    expect(boundaryViolation(store, 'typebox')).toMatch(/TypeBox stays out of the browser/);
    expect(boundaryViolation(at('sdk/src/contracts/login.ts'), './session')).toBeNull();
    expect(boundaryViolation(at('sdk/src/contracts/login.ts'), 'typebox')).toBeNull();
  });

  it('leaves files outside the packages alone', () => {
    expect(boundaryViolation(at('scripts/build.mjs'), '../shell/src/main')).toBeNull();
  });
});
