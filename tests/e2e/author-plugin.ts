import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  buildPluginArchive,
  checkAuthorPlugin,
  installAuthorPackages,
  packAuthorPackages,
  readArchive,
  run,
  scaffoldPlugin,
} from '../../scripts/plugin-author.mjs';
import { packPluginArchive } from './plugin-archive';

// The outside author's half of plugin-author.spec.ts: pack the three packages, scaffold,
// install them, type-check and test the scaffold as it comes, build 1.0.0 (its page says
// 版本 1) and 1.1.0 (版本 2). And of plugin-author-entity.spec.ts, with the same packed
// packages: a second plugin, acme-qc, whose plugin.json declares an entity (质检记录, seven
// kinds of field) and its codes, its page the SDK's list from that entity; the author makes a
// key and signs 1.0.0 and 1.0.1 (which adds a field). None of it needs a portal, and most of
// it is npm waiting on the disk: a full `npm test` (E2E_AUTHOR_EARLY=1) starts both in the
// global set-up, one after the other, beside the portal's start and the first specs, and each
// spec picks up what they left in E2E_AUTHOR_FOLDER; a run of a spec alone does its part in
// the spec.

type Tarballs = Awaited<ReturnType<typeof packAuthorPackages>>;

export const AUTHOR_ID = 'acme-ledger';
/** The title the scaffold gives the list page (`__TITLE__`), and the one each version shows. */
export const SCAFFOLD_TITLE = `${AUTHOR_ID} 列表`;
export const versionTitle = (version: 1 | 2) => `Acme 台账 · 版本 ${version}`;

export interface AuthorPlugin {
  /** The scaffolded plugin's folder (with its node_modules: dev mode runs there). */
  dir: string;
  /** 1.0.0's and 1.1.0's archives, kept outside `dist/`. */
  archives: string[];
  /** Their manifests, as `cotton-plugin build` wrote them. */
  manifests: Array<Record<string, unknown>>;
  /** Each command the author ran, with its time. */
  log: string[];
}

const RESULT = 'result.json';
const FAILURE = 'failure.txt';

/** Replaces the list page's title (`<Typography.Title …>from</Typography.Title>`) in the source. */
export function retitle(dir: string, from: string, to: string) {
  const file = join(dir, 'src', 'list-page.tsx');
  const text = readFileSync(file, 'utf8');
  if (!text.includes(`>${from}<`)) throw new Error(`src/list-page.tsx has no title ${from}`);
  writeFileSync(file, text.replace(`>${from}<`, `>${to}<`));
}

function setVersion(dir: string, version: string) {
  const file = join(dir, 'package.json');
  writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version }, null, 2)}\n`);
}

/** The author's steps, in `folder` (with the packages packed already, or packing them). */
export async function authorPlugin(folder: string, packed?: Tarballs): Promise<AuthorPlugin> {
  const log: string[] = [];
  const say = (line: string) => log.push(line);
  try {
    const tarballs = packed ?? (await packAuthorPackages(folder, say));
    const dir = await scaffoldPlugin(folder, tarballs, say, AUTHOR_ID);
    await installAuthorPackages(dir, tarballs, say);
    // The scaffold passes its own type check and component test as it comes.
    await checkAuthorPlugin(dir, say);
    const kept = join(folder, 'archives');
    mkdirSync(kept, { recursive: true });
    const archives: string[] = [];
    const manifests: Array<Record<string, unknown>> = [];
    let shown = SCAFFOLD_TITLE;
    for (const [version, label] of [
      ['1.0.0', 1],
      ['1.1.0', 2],
    ] as const) {
      setVersion(dir, version);
      retitle(dir, shown, versionTitle(label));
      shown = versionTitle(label);
      const { archive, manifest } = await buildPluginArchive(dir, say);
      archives.push(join(kept, basename(archive)));
      copyFileSync(archive, archives.at(-1)!);
      manifests.push(manifest);
    }
    return { dir, archives, manifests, log };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- author steps ---\n${log.join('\n')}`, { cause: error });
  }
}

// ---- acme-qc: the plugin that keeps its own data (issue 32) ----

export const ENTITY_AUTHOR_ID = 'acme-qc';
export const ENTITY_COMPONENT = 'InspectionList';
/** The publisher's name the administrator gives the author's key in 插件管理. */
export const PUBLISHER = 'Acme 质检';

/** 质检记录: seven kinds of field (string, decimal, integer, date, boolean, dictionary code, file); 1.0.1 adds 备注. */
export function inspectionEntity(version: '1.0.0' | '1.0.1') {
  const fields: Array<Record<string, unknown>> = [
    { name: 'batchNo', label: '批号', type: 'string', maxLength: 32, required: true, unique: true, pattern: 'code' },
    { name: 'weight', label: '重量', type: 'decimal', scale: 2 },
    { name: 'bales', label: '包数', type: 'integer', default: 1 },
    { name: 'inspectDate', label: '检验日期', type: 'date', required: true },
    { name: 'passed', label: '合格', type: 'boolean', default: false },
    { name: 'micronaire', label: '马克隆值级', type: 'dict', dictCode: 'MICRONAIRE_GRADE' },
    { name: 'report', label: '检验报告', type: 'file' },
  ];
  if (version === '1.0.1') fields.push({ name: 'remark', label: '备注', type: 'string', maxLength: 200 });
  return {
    name: 'inspection',
    label: '质检记录',
    fields,
    list: {
      columns: [...fields.map((field) => field.name as string), 'createTime'],
      filters: ['batchNo', 'micronaire', 'passed'],
      superQuery: ['batchNo', 'weight', 'inspectDate'],
      sorts: ['batchNo', 'weight', 'inspectDate'],
    },
  };
}

/**
 * The codes acme-qc declares: the list's is its menu's code, the others are the page's buttons
 * (`plugin:<id>:<entity>:<action>`, which the server checks on each call).
 */
export const ENTITY_CODES = {
  list: 'plugin:acme-qc:inspection:list',
  add: 'plugin:acme-qc:inspection:add',
  edit: 'plugin:acme-qc:inspection:edit',
  delete: 'plugin:acme-qc:inspection:delete',
  export: 'plugin:acme-qc:inspection:export',
  import: 'plugin:acme-qc:inspection:import',
} as const;

const CODE_LABELS: Record<keyof typeof ENTITY_CODES, string> = {
  list: '质检记录',
  add: '新增质检记录',
  edit: '编辑质检记录',
  delete: '删除质检记录',
  export: '导出质检记录',
  import: '导入质检记录',
};

/** What the author writes over the scaffold for `version`: plugin.json, the entity in TypeScript, the page. */
function writeEntitySource(dir: string, version: '1.0.0' | '1.0.1') {
  const entity = inspectionEntity(version);
  const plugin = {
    id: ENTITY_AUTHOR_ID,
    routes: [],
    components: [ENTITY_COMPONENT],
    permissions: Object.entries(ENTITY_CODES).map(([action, code]) => ({
      code,
      label: CODE_LABELS[action as keyof typeof ENTITY_CODES],
      type: action === 'list' ? 'menu' : 'button',
      component: ENTITY_COMPONENT,
    })),
    entities: [entity],
  };
  writeFileSync(join(dir, 'plugin.json'), `${JSON.stringify(plugin, null, 2)}\n`);
  writeFileSync(
    join(dir, 'src', 'inspection.ts'),
    `import { defineEntity, type EntityRowOf } from '@cotton/sdk';

/** The entity plugin.json declares, the same object: typed rows for the page. */
export const inspection = defineEntity(${JSON.stringify(entity, null, 2)});

export type InspectionRow = EntityRowOf<typeof inspection>;
`,
  );
  writeFileSync(
    join(dir, 'src', 'inspection-page.tsx'),
    `import { useState } from 'react';
import { AdminListPage, entityFormConfig, entityListConfig } from '@cotton/sdk';
import { inspection, type InspectionRow } from './inspection';

const PLUGIN_ID = '${ENTITY_AUTHOR_ID}';

/** 新增 / 编辑 from the entity: its fields and rules (the portal checks every value again). */
const FORM = entityFormConfig<InspectionRow>(PLUGIN_ID, inspection);

/** 质检记录: the list (columns, search, sorts, 导出, 导入, the buttons' codes) from the entity. */
export function ${ENTITY_COMPONENT}() {
  const [list] = useState(() => entityListConfig<InspectionRow>(PLUGIN_ID, inspection));
  return (
    <AdminListPage<InspectionRow, Record<string, unknown>, Record<string, unknown>>
      title={inspection.label}
      testId="acme-qc"
      list={list}
      form={FORM}
    />
  );
}
`,
  );
  writeFileSync(
    join(dir, 'src', 'index.tsx'),
    `import { definePlugin } from '@cotton/sdk';
import { ${ENTITY_COMPONENT} } from './inspection-page';

export { ${ENTITY_COMPONENT} };

export default definePlugin({
  id: '${ENTITY_AUTHOR_ID}',
  routes: [],
  components: { ${ENTITY_COMPONENT} },
});
`,
  );
}

export interface EntityAuthorPlugin {
  dir: string;
  /** Signed 1.0.0 (`cotton-plugin sign`), signed 1.0.1 (`build --sign`), 1.0.1 changed after signing, 1.0.2 unsigned. */
  archives: { v100: string; v101: string; tampered: string; unsigned: string };
  /** The bundle file changed in `tampered`. */
  tamperedFile: string;
  /** The author's public key (`<name>.pub`, the text the administrator adds) and its id. */
  publicKey: string;
  keyId: string;
  manifests: Array<Record<string, unknown>>;
  log: string[];
}

/** `archive` with its entry bundle changed after signing (one character, the same size), packed as the build packs. */
async function tamper(archive: string, out: string): Promise<string> {
  const entries = await readArchive(archive);
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as { entry: string };
  const name = basename(manifest.entry);
  // 质检记录 → 质检纪录, as the minified bundle writes it (ASCII escapes).
  const [from, to] = ['\\u8D28\\u68C0\\u8BB0\\u5F55', '\\u8D28\\u68C0\\u7EAA\\u5F55'];
  const text = entries.get(name)!.toString('utf8');
  if (!text.includes(from)) throw new Error(`${name} has no 质检记录 to change`);
  entries.set(name, Buffer.from(text.replace(from, to), 'utf8'));
  await packPluginArchive(out, entries);
  return name;
}

/** The author of acme-qc, in `folder` (a folder of its own under it), with the packed packages. */
export async function authorEntityPlugin(folder: string, packed?: Tarballs): Promise<EntityAuthorPlugin> {
  const log: string[] = [];
  const say = (line: string) => log.push(line);
  try {
    const tarballs = packed ?? (await packAuthorPackages(folder, say));
    const dir = await scaffoldPlugin(folder, tarballs, say, ENTITY_AUTHOR_ID);
    // The scaffold's example list (of the portal's posts) and its test make way for the entity's page.
    rmSync(join(dir, 'src', 'list-page.tsx'));
    rmSync(join(dir, 'src', 'index.test.tsx'));
    writeEntitySource(dir, '1.0.0');
    await installAuthorPackages(dir, tarballs, say);
    await checkAuthorPlugin(dir, say, { test: false });
    const cli = (...args: string[]) => run('npx', ['--no', 'cotton-plugin', ...args], dir, say);
    const keyBase = join(folder, 'keys', 'acme');
    mkdirSync(join(folder, 'keys'), { recursive: true });
    say((await cli('keygen', '--out', keyBase)).trim().replace(/^/gm, '    '));
    const keyFile = `${keyBase}.key`;
    const kept = join(folder, 'archives');
    mkdirSync(kept, { recursive: true });
    const keep = (archive: string, name = basename(archive)) => {
      copyFileSync(archive, join(kept, name));
      return join(kept, name);
    };
    // 1.0.0: built, then signed (`cotton-plugin sign`).
    setVersion(dir, '1.0.0');
    const first = await buildPluginArchive(dir, say);
    say((await cli('sign', first.archive, '--key', keyFile)).trim().replace(/^/gm, '    '));
    const v100 = keep(first.archive);
    // 1.0.1 adds 备注, built and signed in one step (`build --sign`).
    writeEntitySource(dir, '1.0.1');
    await checkAuthorPlugin(dir, say, { test: false });
    setVersion(dir, '1.0.1');
    const v101 = keep((await buildPluginArchive(dir, say, ['--sign', keyFile])).archive);
    const tampered = join(kept, `${ENTITY_AUTHOR_ID}-1.0.1-tampered.tgz`);
    const tamperedFile = await tamper(v101, tampered);
    // 1.0.2, as a build without --sign.
    setVersion(dir, '1.0.2');
    const unsigned = keep((await buildPluginArchive(dir, say)).archive);
    const manifests: Array<Record<string, unknown>> = [];
    for (const archive of [v100, v101, unsigned]) {
      manifests.push(JSON.parse((await readArchive(archive)).get('manifest.json')!.toString('utf8')));
    }
    const publicKey = readFileSync(`${keyBase}.pub`, 'utf8');
    const keyId = String((manifests[0].signature as { keyId?: string } | undefined)?.keyId);
    return { dir, archives: { v100, v101, tampered, unsigned }, tamperedFile, publicKey, keyId, manifests, log };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- author steps ---\n${log.join('\n')}`, { cause: error });
  }
}

// ---- the early start (global set-up) and the specs' pick-up ----

const ENTITY_RESULT = 'entity-result.json';
const ENTITY_FAILURE = 'entity-failure.txt';

/** Written whole, then renamed: a spec never reads half a file. */
function leave(folder: string, name: string, text: string) {
  writeFileSync(join(folder, `${name}.partial`), text);
  renameSync(join(folder, `${name}.partial`), join(folder, name));
}

/**
 * Runs both authors' steps in `folder` — the packages packed once, acme-ledger first (the
 * longer spec waits for it), then acme-qc in a folder of its own — leaving each result (or
 * failure) there for {@link authoredPlugin} and {@link authoredEntityPlugin}.
 */
export async function startAuthorPlugin(folder: string): Promise<void> {
  const packLog: string[] = [];
  let tarballs: Tarballs;
  try {
    tarballs = await packAuthorPackages(folder, (line) => packLog.push(line));
  } catch (error) {
    const text = `${(error as Error).message}\n--- author steps ---\n${packLog.join('\n')}`;
    leave(folder, FAILURE, text);
    leave(folder, ENTITY_FAILURE, text);
    return;
  }
  await authorPlugin(folder, tarballs).then(
    (plugin) => leave(folder, RESULT, JSON.stringify({ ...plugin, log: [...packLog, ...plugin.log] })),
    (error: Error) => leave(folder, FAILURE, error.message),
  );
  const entityFolder = join(folder, 'entity');
  mkdirSync(entityFolder, { recursive: true });
  await authorEntityPlugin(entityFolder, tarballs).then(
    (plugin) => leave(folder, ENTITY_RESULT, JSON.stringify(plugin)),
    (error: Error) => leave(folder, ENTITY_FAILURE, error.message),
  );
}

/** Waits for what the global set-up's author steps leave: `result` parsed, or `failure`'s text thrown. */
async function earlyResult<T>(early: string, result: string, failure: string, deadlineMs: number): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (existsSync(join(early, failure))) throw new Error(readFileSync(join(early, failure), 'utf8'));
    if (existsSync(join(early, result))) return JSON.parse(readFileSync(join(early, result), 'utf8')) as T;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the author's steps started by the global set-up did not finish within ${deadlineMs / 1000} s`);
}

/**
 * The author's plugin: the one the global set-up started (waiting for it to finish), or made
 * now in `folder` when no set-up started one.
 */
export async function authoredPlugin(folder: string, deadlineMs = 200_000): Promise<AuthorPlugin> {
  const early = process.env.E2E_AUTHOR_FOLDER;
  if (!early) return authorPlugin(folder);
  return earlyResult<AuthorPlugin>(early, RESULT, FAILURE, deadlineMs);
}

/** acme-qc as the global set-up's author made it (waiting for it), or made now in `folder`. */
export async function authoredEntityPlugin(folder: string, deadlineMs = 300_000): Promise<EntityAuthorPlugin> {
  const early = process.env.E2E_AUTHOR_FOLDER;
  if (!early) return authorEntityPlugin(folder);
  return earlyResult<EntityAuthorPlugin>(early, ENTITY_RESULT, ENTITY_FAILURE, deadlineMs);
}
