import { describe, expect, it } from 'vitest';
import hostSource from './host.ts?raw';
import indexSource from './index.ts?raw';
import creditCodeSource from './validators/credit-code.ts?raw';
import idCardSource from './validators/id-card.ts?raw';
import validatorsIndexSource from './validators/index.ts?raw';
import messagesSource from './validators/messages.ts?raw';
import patternsSource from './validators/patterns.ts?raw';
import plateSource from './validators/plate.ts?raw';
import textSource from './validators/text.ts?raw';
import * as host from './host';
import * as sdk from './index';

interface ExportLine {
  typeOnly: boolean;
  names: Array<{ imported: string; exported: string }>;
  path: string;
}

/** What only the shell calls: in `@cotton/sdk/host`, never in `@cotton/sdk`. */
const HOST_ONLY = [
  'setRequestHooks',
  'setSession',
  'clearSession',
  'setSessionService',
  'setPortalConfig',
  'setPluginDevModeService',
  'forgetFailedLazyParts',
  'isLazyPartFailure',
  'WorkspacePageContext',
];

/** Every source file of the SDK (tests aside), by its path relative to this folder (`./x.ts`). */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/*.d.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** The build reads the entries as tables of `export { … } from '…';` statements (comments aside). */
function parseEntry(source: string): ExportLine[] {
  const statements = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
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

const valueNames = (lines: ExportLine[]) =>
  lines.filter((l) => !l.typeOnly).flatMap((l) => l.names.map((n) => n.exported));

/** `./dir/file.ts` for a relative import written in `from` (a `./x.ts` key of `sources`). */
function resolveImport(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((candidate) => candidate in sources);
}

/** The SDK files a bundle loads when it imports `entry`: the entry and everything it reaches. */
function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of sources[file].matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('index.ts (@cotton/sdk, what plugins use)', () => {
  const lines = parseEntry(indexSource);

  it('consists only of export-from statements', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(indexSource).not.toMatch(/export \*|export default|^import /m);
  });

  it('names every runtime export in a value line, and each is defined in the file named', async () => {
    expect(Object.keys(sdk).sort()).toEqual([...valueNames(lines)].sort());
    for (const line of lines.filter((l) => !l.typeOnly)) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ line.path);
      for (const { imported } of line.names) expect(module[imported], `${imported} in ${line.path}`).toBeDefined();
    }
  });

  it('re-exports the plugin contract', () => {
    for (const name of ['SDK_VERSION', 'definePlugin']) expect(sdk).toHaveProperty(name);
  });

  it('leaves out what only the host calls', () => {
    for (const name of HOST_ONLY) expect(sdk, name).not.toHaveProperty(name);
    expect(lines.map((l) => l.path)).not.toContain('./host');
  });
});

describe('host.ts (@cotton/sdk/host, the shell’s only)', () => {
  const lines = parseEntry(hostSource);

  it('has the form of index.ts', async () => {
    expect(hostSource).not.toMatch(/export \*|export default|^import /m);
    expect(Object.keys(host).sort()).toEqual([...valueNames(lines)].sort());
    for (const line of lines.filter((l) => !l.typeOnly)) {
      const module: Record<string, unknown> = await import(/* @vite-ignore */ line.path);
      for (const { imported } of line.names) expect(module[imported], `${imported} in ${line.path}`).toBeDefined();
    }
  });

  it('exports the host-only functions and no value of @cotton/sdk', () => {
    expect(valueNames(lines).sort()).toEqual([...HOST_ONLY].sort());
    const publicNames = new Set(Object.keys(sdk));
    for (const name of valueNames(lines)) expect(publicNames.has(name), name).toBe(false);
  });

  it('re-exports only modules that @cotton/sdk loads too, so the shell and plugins share one instance', () => {
    const loadedByIndex = moduleGraph('./index.ts');
    expect(loadedByIndex.has('./session/store.ts')).toBe(true);
    for (const line of lines) {
      const file = resolveImport('./host.ts', line.path);
      expect(file, line.path).toBeDefined();
      expect(loadedByIndex.has(file as string), `${line.path} is not loaded by index.ts`).toBe(true);
    }
  });

  it('sets the state that @cotton/sdk reads', () => {
    host.setSession({ token: 'tok', permissions: ['a:view'] });
    expect(sdk.getSession().token).toBe('tok');
    expect(sdk.hasPermission('a:view')).toBe(true);
    host.clearSession();
    expect(sdk.getSession().token).toBeNull();

    const logout = async () => {};
    const reload = async () => {};
    host.setSessionService({ logout, reload });
    expect(sdk.getSessionService().logout).toBe(logout);

    const config = { ...sdk.getPortalConfig(), siteName: 'test site' };
    host.setPortalConfig(config);
    expect(sdk.getPortalConfig()).toBe(config);
  });
});

describe('validators', () => {
  it('import nothing but each other (the server bundles them)', () => {
    const validatorSources = [
      creditCodeSource,
      idCardSource,
      validatorsIndexSource,
      messagesSource,
      patternsSource,
      plateSource,
      textSource,
    ];
    for (const source of validatorSources) {
      for (const [, specifier] of source.matchAll(/from '([^']+)'/g)) expect(specifier).toMatch(/^\.\/[a-z-]+$/);
      expect(source).not.toMatch(/\b(window|document|localStorage)\b/);
    }
  });
});
