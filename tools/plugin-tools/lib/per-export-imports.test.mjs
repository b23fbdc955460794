import { rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { loadBuildTools } from './test-support.mjs';

const { matchPerExport, perExportImports, sharedExternal } = await loadBuildTools();

/**
 * Bundles one virtual module through the rewrite, with the shared modules external.
 * @param {string} code
 */
async function bundle(code) {
  const build = await rollup({
    input: '/virtual/plugin/src/index.js',
    external: sharedExternal(),
    plugins: [
      {
        name: 'virtual-entry',
        resolveId: (id) => (id === '/virtual/plugin/src/index.js' ? id : null),
        load: (id) => (id === '/virtual/plugin/src/index.js' ? code : null),
      },
      perExportImports(),
    ],
  });
  try {
    const { output } = await build.generate({ format: 'system' });
    return output[0].code;
  } finally {
    await build.close();
  }
}

describe('perExportImports', () => {
  it('rewrites named and aliased imports into one import per export', async () => {
    const code = await bundle(
      [
        "import { Button, Table as T } from '@arco-design/web-react';",
        "import { IconHome } from '@arco-design/web-react/icon';",
        "import { definePlugin } from '@cotton/sdk';",
        'export default definePlugin({ id: "x", parts: [Button, T, IconHome] });',
      ].join('\n'),
    );
    expect(code).toContain("'@arco-design/web-react/Button'");
    expect(code).toContain("'@arco-design/web-react/Table'");
    expect(code).toContain("'@arco-design/web-react/icon/IconHome'");
    expect(code).toContain("'@cotton/sdk/definePlugin'");
    expect(code).not.toMatch(/'@arco-design\/web-react'[,\]]/);
    // The aliased binding reads the export by its real name.
    expect(code).toMatch(/module\.Table/);
  });

  it('serves the validators as a package of their own, not as exports of @cotton/sdk', async () => {
    const code = await bundle(
      [
        "import { isMobile, trimmed as t } from '@cotton/sdk/validators';",
        "import { request } from '@cotton/sdk';",
        'export default [isMobile, t, request];',
      ].join('\n'),
    );
    expect(code).toContain("'@cotton/sdk/validators/isMobile'");
    expect(code).toContain("'@cotton/sdk/validators/trimmed'");
    expect(code).toContain("'@cotton/sdk/request'");
    expect(code).not.toMatch(/'@cotton\/sdk\/validators'[,\]]/);
  });

  it('names the entry that exports a validator imported from @cotton/sdk', async () => {
    await expect(bundle("import { isMobile } from '@cotton/sdk'; export default isMobile;")).rejects.toThrow(
      `"isMobile" is not exported by @cotton/sdk; import it from '@cotton/sdk/validators'`,
    );
    await expect(bundle("import { request } from '@cotton/sdk/validators'; export default request;")).rejects.toThrow(
      `"request" is not exported by @cotton/sdk/validators; import it from '@cotton/sdk'`,
    );
  });

  it('accepts the already rewritten form', async () => {
    const code = await bundle("import { Button } from '@arco-design/web-react/Button'; export default Button;");
    expect(code).toContain("'@arco-design/web-react/Button'");
  });

  it('refuses a namespace import', async () => {
    await expect(bundle("import * as Arco from '@arco-design/web-react'; export default Arco;")).rejects.toThrow(
      /index\.js: "import \* as Arco from '@arco-design\/web-react'" is not allowed/,
    );
  });

  it('refuses a default import', async () => {
    await expect(bundle("import Arco from '@arco-design/web-react'; export default Arco;")).rejects.toThrow(
      /default import\) is not allowed/,
    );
  });

  it('refuses a name the package does not export', async () => {
    await expect(bundle("import { Buton } from '@arco-design/web-react'; export default Buton;")).rejects.toThrow(
      '"Buton" is not exported by @arco-design/web-react',
    );
    await expect(bundle("import { Buton } from '@arco-design/web-react/Buton'; export default Buton;")).rejects.toThrow(
      '"Buton" is not exported by @arco-design/web-react',
    );
  });

  it('refuses re-exporting a per-export package', async () => {
    await expect(bundle("export { Button } from '@arco-design/web-react';")).rejects.toThrow(
      /re-exports a shared module/,
    );
  });

  it('matches the longest package name', () => {
    const packages = ['@arco-design/web-react', '@arco-design/web-react/icon'];
    expect(matchPerExport('@arco-design/web-react/icon/IconHome', packages)).toEqual({
      packageName: '@arco-design/web-react/icon',
      exportName: 'IconHome',
    });
    expect(matchPerExport('@arco-design/web-react/icon', packages)).toEqual({
      packageName: '@arco-design/web-react/icon',
    });
    expect(matchPerExport('react', packages)).toBeUndefined();
    expect(matchPerExport('@cotton/sdk/validators/isMobile', ['@cotton/sdk', '@cotton/sdk/validators'])).toEqual({
      packageName: '@cotton/sdk/validators',
      exportName: 'isMobile',
    });
  });
});
