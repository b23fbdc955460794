import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportTable } from '@cotton/plugin-tools';
import { describe, expect, it } from 'vitest';
import {
  ARCO_BASE_STYLES,
  ARCO_WHOLE_STYLES,
  VIRTUAL_ARCO_STYLES,
  arcoStyleImportOf,
  arcoStylesPlugin,
} from './arco-styles-plugin';

const arco = exportTable('@arco-design/web-react');
const fileOf = (name: string) => {
  const entry = arco.get(name);
  if (!entry) throw new Error(`Arco has no export ${name}`);
  return entry.file;
};

type Hook = (this: unknown, ...args: unknown[]) => unknown;
/** The plugin as Vite runs it in `command` ('build' or 'serve'). */
function pluginFor(command: 'build' | 'serve') {
  const plugin = arcoStylesPlugin();
  const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);
  call(plugin.configResolved, { command });
  return {
    resolve: (id: string) => call(plugin.resolveId, id, undefined, {}),
    load: (id: string) => call(plugin.load, id),
    transform: (code: string, id: string) => call(plugin.transform, code, id) as { code: string } | null,
  };
}

describe('which Arco styles a module carries', () => {
  it('gives each component of the shared module its own style list', () => {
    for (const name of ['Table', 'Button', 'Grid', 'Form', 'Message', 'Typography']) {
      expect(arcoStyleImportOf(fileOf(name)), name).toBe('./style/css.js');
    }
  });

  it('gives a style list to every component export that has one, and to nothing else', () => {
    const withoutStyles: string[] = [];
    for (const [name, { file }] of arco) {
      if (!/^[A-Z]/.test(name)) continue;
      if (arcoStyleImportOf(file) === null) withoutStyles.push(name);
    }
    // Portal renders into <body> and has no CSS of its own.
    expect(withoutStyles).toEqual(['Portal']);
    const table = fileOf('Table');
    expect(arcoStyleImportOf(path.join(path.dirname(table), 'table.js'))).toBeNull();
    expect(arcoStyleImportOf('/work/node_modules/react/index.js')).toBeNull();
    expect(arcoStyleImportOf(`${table}?v=1`)).toBe('./style/css.js');
  });

  it('names Arco’s own list: the base styles (theme variables), the components it renders, its own', () => {
    const list = readFileSync(path.join(path.dirname(fileOf('Table')), 'style', 'css.js'), 'utf8');
    expect(list).toContain("import '../../style/index.css';");
    for (const inner of ['Checkbox', 'Pagination', 'Spin', 'Empty']) {
      expect(list).toContain(`import '../../${inner}/style/css.js';`);
    }
    expect(list).toContain("import './index.css';");
    // The base styles hold the light and the dark palettes the shell's theme switches between.
    const base = readFileSync(path.join(path.dirname(fileOf('Table')), '..', 'style', 'index.css'), 'utf8');
    expect(base).toContain('body[arco-theme=dark]');
    expect(base).toContain('--primary-6');
  });
});

describe('arcoStylesPlugin', () => {
  it('in the build: each component’s entry imports its styles; the shell starts from the base styles', () => {
    const build = pluginFor('build');
    const table = fileOf('Table');
    const code = 'import x from "./table";\nexport default x;\n';
    const out = build.transform(code, table);
    expect(out?.code.startsWith(code)).toBe(true);
    expect(out?.code).toContain('import "./style/css.js";');
    expect(build.transform(code, path.join(path.dirname(table), 'table.js'))).toBeNull();
    const id = build.resolve(VIRTUAL_ARCO_STYLES) as string;
    expect(build.load(id)).toBe(`import ${JSON.stringify(ARCO_BASE_STYLES)};\n`);
  });

  it('on the dev server (Arco pre-bundled whole): Arco’s whole stylesheet, nothing added', () => {
    const serve = pluginFor('serve');
    expect(serve.transform('export default 1;', fileOf('Table'))).toBeNull();
    expect(serve.load(serve.resolve(VIRTUAL_ARCO_STYLES) as string)).toBe(
      `import ${JSON.stringify(ARCO_WHOLE_STYLES)};\n`,
    );
  });
});
