import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_OBJECT_SPREAD, withSharedSpreadHelper } from './arco-icon-helpers-plugin';

const require = createRequire(import.meta.url);
const iconDir = path.join(path.dirname(require.resolve('@arco-design/web-react/package.json')), 'icon', 'react-icon');
const iconFile = (name: string) => path.join(iconDir, name, 'index.js');

describe('withSharedSpreadHelper', () => {
  it('replaces the inlined helpers of an icon by one import, and nothing else', () => {
    const file = iconFile('IconCaretDown');
    const code = readFileSync(file, 'utf8');
    const out = withSharedSpreadHelper(code, file);
    expect(out).not.toBeNull();
    expect(out).not.toContain('function ownKeys');
    expect(out).not.toContain('function _objectSpread');
    expect(out).toContain(`import _objectSpread from "${SHARED_OBJECT_SPREAD}";`);
    // The component itself is untouched.
    const body = (text: string) => text.slice(text.indexOf('function IconCaretDownComponent'));
    expect(body(out!)).toBe(body(code));
  });

  it('applies to (almost) every icon, and leaves other modules and unexpected shapes alone', () => {
    const icons = readdirSync(iconDir).filter((name) => name.startsWith('Icon'));
    const changed = icons.filter((name) =>
      withSharedSpreadHelper(readFileSync(iconFile(name), 'utf8'), iconFile(name)),
    );
    expect(changed.length).toBeGreaterThan(icons.length - 5);
    const code = readFileSync(iconFile('IconCaretDown'), 'utf8');
    expect(withSharedSpreadHelper(code, '/x/node_modules/@arco-design/web-react/es/Button/index.js')).toBeNull();
    expect(
      withSharedSpreadHelper(code.replace('function ownKeys', 'function ownKeys2'), iconFile('IconCaretDown')),
    ).toBeNull();
  });
});
