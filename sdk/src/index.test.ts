import { describe, expect, it } from 'vitest';
import indexSource from './index.ts?raw';
import creditCodeSource from './validators/credit-code.ts?raw';
import idCardSource from './validators/id-card.ts?raw';
import validatorsIndexSource from './validators/index.ts?raw';
import messagesSource from './validators/messages.ts?raw';
import patternsSource from './validators/patterns.ts?raw';
import plateSource from './validators/plate.ts?raw';
import textSource from './validators/text.ts?raw';
import * as sdk from './index';

interface ExportLine {
  typeOnly: boolean;
  names: Array<{ imported: string; exported: string }>;
  path: string;
}

/** The build reads index.ts as a table of `export { … } from '…';` statements. */
function parseIndex(source: string): ExportLine[] {
  const statements = source
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  return statements.map((statement) => {
    const match = /^export (type )?\{([^}]*)\} from '(\.\/[^']+)'$/.exec(statement);
    if (!match) throw new Error(`not an export-from statement: ${statement}`);
    const names = match[2]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => {
        const [imported, exported = imported] = n.split(/\s+as\s+/);
        return { imported, exported };
      });
    return { typeOnly: Boolean(match[1]), names, path: match[3] };
  });
}

describe('index.ts', () => {
  const lines = parseIndex(indexSource);

  it('consists only of export-from statements', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(indexSource).not.toMatch(/export \*|export default|^import /m);
  });

  it('names every runtime export in a value line, and each is defined in the file named', async () => {
    const valueNames = lines.filter((l) => !l.typeOnly).flatMap((l) => l.names.map((n) => n.exported));
    expect(Object.keys(sdk).sort()).toEqual([...valueNames].sort());
    for (const line of lines.filter((l) => !l.typeOnly)) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ line.path);
      for (const { imported } of line.names) expect(module[imported], `${imported} in ${line.path}`).toBeDefined();
    }
  });

  it('re-exports the contract files', () => {
    for (const name of ['SDK_VERSION', 'SHARED_MODULES', 'sharedModuleId', 'perExportSpecifier', 'definePlugin']) {
      expect(sdk).toHaveProperty(name);
    }
  });
});

describe('validators', () => {
  it('import nothing but each other (the server bundles them)', () => {
    const sources = [creditCodeSource, idCardSource, validatorsIndexSource, messagesSource, patternsSource, plateSource, textSource];
    for (const source of sources) {
      for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) expect(specifier).toMatch(/^\.\/[a-z-]+$/);
      expect(source).not.toMatch(/\b(window|document|localStorage)\b/);
    }
  });
});
