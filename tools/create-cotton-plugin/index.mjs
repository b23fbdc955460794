#!/usr/bin/env node
// create-cotton-plugin <id> [folder]: writes a standalone plugin folder from ./template
// (npm init cotton-plugin <id>, or npx --package <tarball> create-cotton-plugin <id>).
//
// The folder needs nothing from the portal's repository: package.json depends on the packed
// @cotton/sdk and @cotton/plugin-tools, tsconfig.json stands alone. Template files are named
// with a trailing `.tpl` where npm would otherwise drop or misread them (`gitignore`,
// `package.json`), and `__ID__`, `__COMPONENT__`, `__TITLE__` are replaced.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'template');
const USAGE = `Usage: create-cotton-plugin <id> [folder]

  <id>      the plugin id: kebab-case, starting with a letter (partner-report)
  [folder]  where to write it (default: ./<id>); must not exist or be empty`;

/** Template file names → the names they get. */
const RENAMES = { 'gitignore.tpl': '.gitignore', 'package.json.tpl': 'package.json' };

/**
 * `partner-report` → `PartnerReportList`: the list page's component name.
 * @param {string} id
 */
export function componentNameOf(id) {
  return `${id
    .split('-')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}List`;
}

/**
 * @param {string} dir
 * @returns {string[]} files under dir, relative
 */
function templateFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(full).map((file) => path.join(entry.name, file)) : [entry.name];
  });
}

/**
 * Writes the plugin folder.
 * @param {{ id: string, dir: string }} options
 * @returns {string[]} the files written, relative to dir
 */
export function scaffold({ id, dir }) {
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new Error(`"${id}" is not a plugin id: kebab-case, starting with a letter`);
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) {
    throw new Error(`${dir} exists and is not an empty folder`);
  }
  const values = { __ID__: id, __COMPONENT__: componentNameOf(id), __TITLE__: `${id} 列表` };
  const written = [];
  for (const file of templateFiles(TEMPLATE)) {
    const base = path.basename(file);
    const target = path.join(path.dirname(file), RENAMES[/** @type {keyof typeof RENAMES} */ (base)] ?? base);
    let text = readFileSync(path.join(TEMPLATE, file), 'utf8');
    for (const [key, value] of Object.entries(values)) text = text.replaceAll(key, value);
    mkdirSync(path.dirname(path.join(dir, target)), { recursive: true });
    writeFileSync(path.join(dir, target), text);
    written.push(target);
  }
  return written.sort();
}

// Run as a command (npm's bin links are symlinks: compare real paths), not when imported.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [id, folder, ...rest] = process.argv.slice(2);
  if (!id || id === '--help' || id === '-h' || rest.length > 0) {
    console.log(USAGE);
    process.exitCode = id ? 1 : 0;
  } else {
    const dir = path.resolve(folder ?? id);
    try {
      const files = scaffold({ id, dir });
      const shown = path.relative(process.cwd(), dir) || '.';
      console.log(`✔ plugin ${id} written to ${shown}/ (${files.length} files)\n`);
      console.log('Next:');
      console.log(`  cd ${shown}`);
      console.log(
        '  npm install          (from packed tarballs: npm install --save-dev <folder>/cotton-sdk-<version>.tgz <folder>/cotton-plugin-tools-<version>.tgz)',
      );
      console.log('  npm run typecheck && npm test');
      console.log(`  npm run build        → dist/${id}-0.1.0.tgz, the archive the portal installs`);
      console.log('  npm run dev          rebuild on every save, for the portal’s dev mode (--portal in package.json)');
    } catch (error) {
      console.error(`✖ create-cotton-plugin: ${/** @type {Error} */ (error).message}`);
      process.exitCode = 1;
    }
  }
}
