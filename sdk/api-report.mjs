// The SDK's API reports (sdk/api/*.api.md), one per TypeScript entry of sdk/package.json
// "exports", made by API Extractor from the declarations `tsc -b sdk` writes.
//
//   node sdk/api-report.mjs            check: fails when a report differs (npm run api:check)
//   node sdk/api-report.mjs --update   rewrites the reports (npm run api:update)
//
// Entry → report: `.` → sdk.api.md, `./host` → sdk-host.api.md, `./<name>` → sdk-<name>.api.md.
// The declarations are written afresh, not incrementally, into a temporary folder whose
// node_modules links to the repo's (API Extractor takes any file under a node_modules folder
// for another package's). Afresh because TypeScript prints the properties of a mapped type
// (TypeBox's TObject) in the order it first met their names: an incremental build keeps
// declarations from an older pass and lists them in another order than a clean clone does.
//
// A check that passed leaves a stamp named by the hash of everything the reports are made from
// (the SDK's sources and settings, the reports, the lockfile, this script): the next check of
// the same inputs says so and stops (node_modules/.cache/api-report).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const require = createRequire(import.meta.url);
const SDK_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(SDK_DIR);
const REPORT_DIR = path.join(SDK_DIR, 'api');
const CONFIG_FILE = path.join(SDK_DIR, 'api-extractor.json');
const PACKAGE_FILE = path.join(SDK_DIR, 'package.json');
const UPDATE_HINT = 'Check that the change is intended, then run `npm run api:update` and commit sdk/api/.';

const update = process.argv.includes('--update');
/** @param {string} file */
const relative = (file) => path.relative(ROOT, file);

/** @typedef {{ subpath: string, declaration: string, report: string }} Entry */
/** @typedef {import('@microsoft/api-extractor').IConfigFile} IConfigFile */

/**
 * The TypeScript entries of sdk/package.json: subpath, declaration file, report name.
 * @returns {Entry[]}
 */
function entries() {
  const { exports } = JSON.parse(readFileSync(PACKAGE_FILE, 'utf8'));
  return (
    Object.entries(exports)
      .filter(([, target]) => typeof target === 'string' && /^\.\/src\/.+\.ts$/.test(target))
      // `./calls` is generated from the contracts (sdk/calls.mjs), whose report covers it.
      .filter(([subpath]) => subpath !== './calls')
      .map(([subpath, target]) => ({
        subpath,
        declaration: target.replace(/^\.\/src\//, '').replace(/\.ts$/, '.d.ts'),
        report: subpath === '.' ? 'sdk' : `sdk-${subpath.slice(2).replaceAll('/', '-')}`,
      }))
  );
}

/** `tsc -p sdk`, from scratch, into a temporary folder: the declarations and where they are. */
function buildDeclarations() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cotton-sdk-api-'));
  const types = path.join(dir, 'sdk');
  const tsc = require.resolve('typescript/bin/tsc');
  const args = ['-p', 'sdk', '--composite', 'false', '--incremental', 'false', '--tsBuildInfoFile', 'null'];
  const result = spawnSync(process.execPath, [tsc, ...args, '--outDir', types], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    console.error('api-report: `tsc -p sdk` failed; fix the type errors first.');
    process.exit(1);
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return { dir, types };
}

/**
 * The base configuration, pointed at one entry of the copied declarations.
 * @param {Entry} entry
 * @param {string} types the copy's folder
 * @param {IConfigFile} baseConfig
 */
function configFor(entry, types, baseConfig) {
  const mainEntryPointFilePath = path.join(types, entry.declaration);
  const configObject = /** @type {IConfigFile} */ ({
    ...baseConfig,
    mainEntryPointFilePath,
    compiler: {
      ...baseConfig.compiler,
      overrideTsconfig: { ...baseConfig.compiler?.overrideTsconfig, files: [mainEntryPointFilePath] },
    },
    apiReport: { ...baseConfig.apiReport, reportFileName: entry.report },
  });
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: CONFIG_FILE,
    packageJsonFullPath: PACKAGE_FILE,
  });
}

/**
 * Files under `dir` (recursive), relative to ROOT.
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : entry.isFile() ? [relative(file)] : [];
  });
}

/** The stamp a passing check leaves, named by the hash of its inputs. */
function stampFile() {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(SDK_DIR, 'src')),
    ...filesUnder(REPORT_DIR),
    ...['sdk/api-extractor.json', 'sdk/package.json', 'sdk/tsconfig.json', 'sdk/api-report.mjs'],
    ...['tsconfig.base.json', 'package-lock.json'],
  ].sort();
  for (const file of inputs)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  return path.join(ROOT, 'node_modules', '.cache', 'api-report', hash.digest('hex'));
}

function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  const stamp = update ? null : stampFile();
  if (stamp && existsSync(stamp)) {
    console.log('api-report: the reports match (unchanged since the last check that passed)');
    return;
  }
  const list = entries();
  const { dir, types } = buildDeclarations();
  let errors = 0;
  /** @type {Array<{ name: string, file: string, fresh?: string }>} */
  const changed = [];
  try {
    const baseConfig = ExtractorConfig.loadFile(CONFIG_FILE);
    const configs = list.map((entry) => configFor(entry, types, baseConfig));
    const compilerState = CompilerState.create(configs[0], {
      additionalEntryPoints: configs.slice(1).map((config) => config.mainEntryPointFilePath),
    });
    list.forEach((entry, index) => {
      const name = entry.subpath === '.' ? '@cotton/sdk' : `@cotton/sdk/${entry.subpath.slice(2)}`;
      const reportFile = path.join(REPORT_DIR, `${entry.report}.api.md`);
      // Never API Extractor's "local build": it would write a report even when the analysis
      // failed. The new reports are copied below, once every entry has passed.
      const result = Extractor.invoke(configs[index], {
        localBuild: false,
        compilerState,
        printApiReportDiff: !update,
        messageCallback(message) {
          // The banner, the compiler notice and API Extractor's own "copy the file" advice.
          if (
            message.messageId === 'console-preamble' ||
            message.messageId === 'console-compiler-version-notice' ||
            message.messageId === 'console-api-report-not-copied' ||
            message.messageId === 'console-api-report-copied' ||
            message.messageId === 'console-api-report-created'
          ) {
            message.logLevel = ExtractorLogLevel.None;
          }
        },
      });
      if (result.errorCount > 0) console.error(`api-report: ${name}: ${result.errorCount} error(s) above.`);
      errors += result.errorCount;
      if (result.apiReportChanged) {
        const fresh = path.join(configs[index].reportTempFolder, `${entry.report}.api.md`);
        changed.push({ name, file: relative(reportFile), fresh });
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Reports whose entry is gone from sdk/package.json "exports".
  const expected = new Set(list.map((entry) => `${entry.report}.api.md`));
  const stale = readdirSync(REPORT_DIR).filter((file) => file.endsWith('.api.md') && !expected.has(file));
  for (const file of stale) changed.push({ name: 'no such entry', file: `sdk/api/${file}` });

  if (errors > 0) {
    console.error(`api-report: ${errors} error(s)${update ? '; no report was written' : ''}.`);
    process.exitCode = 1;
  } else if (update) {
    for (const { name, file, fresh } of changed) {
      if (fresh) copyFileSync(fresh, path.join(ROOT, file));
      else rmSync(path.join(ROOT, file));
      console.log(`api-report: ${fresh ? 'updated' : 'removed'} ${file} (${name})`);
    }
    if (changed.length === 0) console.log(`api-report: the ${list.length} reports are up to date`);
  } else if (changed.length > 0) {
    console.error('\napi-report: the SDK’s API differs from its committed report:');
    for (const { name, file } of changed) console.error(`  ${file} (${name})`);
    console.error(UPDATE_HINT);
    process.exitCode = 1;
  } else {
    console.log(`api-report: the ${list.length} reports match (${list.map((entry) => entry.report).join(', ')})`);
    if (stamp) {
      rmSync(path.dirname(stamp), { recursive: true, force: true });
      mkdirSync(path.dirname(stamp), { recursive: true });
      writeFileSync(stamp, '');
    }
  }
}

main();
