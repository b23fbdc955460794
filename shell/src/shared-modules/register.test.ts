import { SHARED_MODULES } from '@cotton/sdk/shared-modules';
import * as React from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createSharedModuleProvider,
  registerSharedModules,
  sharedImportMap,
  withDefault,
  type PerExportLoaders,
  type WholeModuleTable,
} from './register';
import type { SystemDeclare, SystemLoader, SystemRegistration } from './system-types';
import { wholeModules } from './whole-modules';

const FakeButton = () => null;
const perExport: PerExportLoaders = {
  '@arco-design/web-react': async () => ({ Button: async () => FakeButton }),
  '@arco-design/web-react/icon': async () => ({ IconHome: async () => 'IconHome' }),
  '@cotton/sdk': async () => ({ definePlugin: async () => (definition: unknown) => definition }),
  '@cotton/sdk/validators': async () => ({ isMobile: async () => 'isMobile' }),
};

describe('sharedImportMap', () => {
  it('maps every shared module to its app: id, and per-export modules by prefix', () => {
    const { imports } = sharedImportMap();
    for (const { name, perExport: byExport } of SHARED_MODULES) {
      expect(imports[name]).toBe(`app:${name}`);
      if (byExport) expect(imports[`${name}/`]).toBe(`app:${name}/`);
      else expect(imports[`${name}/`]).toBeUndefined();
    }
  });
});

describe('whole modules', () => {
  it('provides the shell’s own React, with a default export too', async () => {
    const namespace = withDefault(await wholeModules.react());
    expect(namespace.useState).toBe(React.useState);
    expect((namespace.default as typeof React).createElement).toBe(React.createElement);
  });

  it('gives ES modules a default that is the namespace', () => {
    const namespace = withDefault({ a: 1 });
    expect(namespace).toEqual({ a: 1, default: { a: 1 } });
  });
});

describe('createSharedModuleProvider', () => {
  const provider = createSharedModuleProvider(wholeModules, perExport);

  async function execute(registration: SystemRegistration): Promise<Record<string, unknown>> {
    const namespace: Record<string, unknown> = {};
    const declared = (registration[1] as SystemDeclare)(((name: string | Record<string, unknown>, value?: unknown) => {
      if (typeof name === 'string') namespace[name] = value;
      else Object.assign(namespace, name);
      return value;
    }) as never);
    await declared.execute?.();
    return namespace;
  }

  it('registers one export of a per-export module as a module with that one export', async () => {
    const registration = await provider.instantiate('app:@arco-design/web-react/Button');
    expect(registration[0]).toEqual([]);
    expect(await execute(registration)).toEqual({ Button: FakeButton });
  });

  it('tells the icons apart from Arco itself', async () => {
    expect(await execute(await provider.instantiate('app:@arco-design/web-react/icon/IconHome'))).toEqual({
      IconHome: 'IconHome',
    });
  });

  it('tells the validators apart from the SDK’s main entry', async () => {
    expect(await execute(await provider.instantiate('app:@cotton/sdk/validators/isMobile'))).toEqual({
      isMobile: 'isMobile',
    });
    await expect(provider.instantiate('app:@cotton/sdk/validators/definePlugin')).rejects.toThrow(
      '共享模块「@cotton/sdk/validators/definePlugin」不存在：@cotton/sdk/validators 没有导出 definePlugin',
    );
  });

  it('still answers a bundle built when @cotton/sdk re-exported the validators', async () => {
    expect(await execute(await provider.instantiate('app:@cotton/sdk/isMobile'))).toEqual({ isMobile: 'isMobile' });
    await expect(provider.instantiate('app:@cotton/sdk/isMobil')).rejects.toThrow(
      '共享模块「@cotton/sdk/isMobil」不存在：@cotton/sdk 没有导出 isMobil',
    );
  });

  it('rejects an unknown export or module with a clear message', async () => {
    await expect(provider.instantiate('app:@arco-design/web-react/Buton')).rejects.toThrow(
      '共享模块「@arco-design/web-react/Buton」不存在：@arco-design/web-react 没有导出 Buton',
    );
    await expect(provider.instantiate('app:@arco-design/web-react')).rejects.toThrow(/须按导出名引用/);
    await expect(provider.instantiate('app:lodash')).rejects.toThrow('共享模块「lodash」不存在');
  });
});

describe('registerSharedModules with SystemJS', () => {
  let System: SystemLoader;
  let handle: ReturnType<typeof registerSharedModules>;

  beforeAll(async () => {
    await import('systemjs/dist/system.js');
    System = (globalThis as unknown as { System: SystemLoader }).System;
    const whole: WholeModuleTable = wholeModules;
    handle = registerSharedModules(System, whole, perExport);
  });

  it('resolves bare specifiers through the import map', () => {
    expect(System.resolve('react')).toBe('app:react');
    expect(System.resolve('react/jsx-runtime')).toBe('app:react/jsx-runtime');
    expect(System.resolve('@arco-design/web-react/Button')).toBe('app:@arco-design/web-react/Button');
    expect(System.resolve('@arco-design/web-react/icon/IconHome')).toBe('app:@arco-design/web-react/icon/IconHome');
    expect(System.resolve('@cotton/sdk/validators/isMobile')).toBe('app:@cotton/sdk/validators/isMobile');
  });

  it('links a plugin bundle’s imports to the shell’s modules', async () => {
    // What rollup's `format: 'system'` writes for
    // `import { Button } from '@arco-design/web-react'; import { useState } from 'react'`.
    const pluginUrl = 'https://portal.test/plugins/demo/demo.js';
    const original = System.instantiate;
    System.instantiate = function (url, parent, meta) {
      if (url !== pluginUrl) return original.call(this, url, parent, meta);
      return [
        ['@arco-design/web-react/Button', 'react', 'react/jsx-runtime'],
        (_export) => {
          let Button: unknown;
          let useState: unknown;
          let jsx: unknown;
          return {
            setters: [
              (m) => (Button = (m as { Button: unknown }).Button),
              (m) => (useState = (m as { useState: unknown }).useState),
              (m) => (jsx = (m as { jsx: unknown }).jsx),
            ],
            execute() {
              _export('default', { Button, useState, jsx });
            },
          };
        },
      ];
    };
    const module = await System.import(pluginUrl);
    const { jsx } = await import('react/jsx-runtime');
    expect(module.default).toEqual({ Button: FakeButton, useState: React.useState, jsx });
  });

  it('preloads a shared module outside SystemJS, and refuses an unknown one', async () => {
    const imports = vi.spyOn(System, 'import');
    await handle.preload('app:@arco-design/web-react/Button');
    await expect(handle.preload('app:@arco-design/web-react/Buton')).rejects.toThrow(/没有导出 Buton/);
    expect(imports).not.toHaveBeenCalled();
    imports.mockRestore();
  });

  it('fails the import of an unknown export, and forgets the failure on request', async () => {
    await expect(System.import('@arco-design/web-react/Buton')).rejects.toThrow(/没有导出 Buton/);
    expect(System.has('app:@arco-design/web-react/Buton')).toBe(true);
    handle.forgetFailed();
    expect(System.has('app:@arco-design/web-react/Buton')).toBe(false);
  });
});
