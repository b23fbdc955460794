#!/usr/bin/env node
// `cotton-plugin`: the plugin author's command (docs/plugins.md).
//
//   cotton-plugin build [folder] [--no-archive] [--no-sourcemap] [--sign <key file>]
//   cotton-plugin dev [folder] --portal <url> [--port N] [--host H]
//   cotton-plugin install <archive> --portal <url> [--activate]
//   cotton-plugin keygen [--out <path without extension>]
//   cotton-plugin sign <archive> --key <key file>
//
// `build` builds the plugin folder (default: the current one) into dist/: the SystemJS bundle
// and manifest.json, `.gz`/`.br` siblings of each bundle file, and the installable archive
// dist/<id>-<version>.tgz (the bundle files with those siblings). Fails, naming the problem,
// when plugin.json is invalid, when the definition in src/index.tsx does not match
// plugin.json, or when the bundle would contain its own copy of a shared module.
//
// `dev` watches the folder, rebuilds it on every change into .cotton-dev/ (with the same
// checks) and serves the last good build for a non-production portal's dev mode
// (lib/dev-server.mjs). Runs until Ctrl-C.
//
// `install` sends the archive to the portal's 插件管理 with the administrator's token from
// COTTON_PORTAL_TOKEN and exits non-zero when the portal refuses it (lib/install-plugin.mjs).
//
// `keygen` writes an Ed25519 key pair for publisher signatures; `sign` (and `build --sign`)
// signs an archive's manifest with it (lib/sign-plugin.mjs).
import path from 'node:path';
import { DEFAULT_DEV_HOST, DEFAULT_DEV_PORT, parsePortalUrl, startPluginDev } from '../lib/dev-server.mjs';
import { TOKEN_VARIABLE, installArchive } from '../lib/install-plugin.mjs';
import { buildPluginPackage } from '../lib/package-plugin.mjs';
import { generateSigningKey, signArchive } from '../lib/sign-plugin.mjs';

const USAGE = `Usage: cotton-plugin build [folder] [--no-archive] [--no-sourcemap] [--sign <key file>]
       cotton-plugin dev [folder] --portal <url> [--port N] [--host H]
       cotton-plugin install <archive> --portal <url> [--activate]
       cotton-plugin keygen [--out <path>]
       cotton-plugin sign <archive> --key <key file>

  build   build dist/ (bundle, manifest.json, .gz/.br) and pack dist/<id>-<version>.tgz
          --no-archive    skip the archive
          --no-sourcemap  no .js.map files
          --sign <file>   sign the archive with this private key (see sign)
  dev     watch and rebuild into .cotton-dev/, and serve the build to the portal's dev mode
          --portal <url>  the (non-production) portal, e.g. http://localhost:3000 (required)
          --port <n>      the dev server's port (default ${DEFAULT_DEV_PORT}; 0: any free port)
          --host <h>      the address it listens on (default ${DEFAULT_DEV_HOST})
  install send dist/<id>-<version>.tgz to the portal's 插件管理 (an administrator's token in
          ${TOKEN_VARIABLE}); exits 1 when the portal refuses it, with its message
          --portal <url>  the portal (required)
          --activate      make the new version the active one at once (an upgrade)
  keygen  write a new Ed25519 key pair for signing: <path>.key (secret: keep it out of the
          repository) and <path>.pub (give it to the portal's administrator: 插件管理 ›
          发布者密钥); prints the key id signatures name
          --out <path>    path without extension (default ./cotton-publisher)
  sign    sign the archive's manifest (every file's integrity) with the private key, in place
          --key <file>    the .key file of keygen (required)`;

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @param {string[]} args */
async function build(args) {
  const { values, others } = parseOptions(args, ['--sign'], ['--no-archive', '--no-sourcemap']);
  const flags = new Set(others.filter((arg) => arg.startsWith('--')));
  const folders = others.filter((arg) => !arg.startsWith('--'));
  const keyFile = values.get('--sign');
  if (keyFile && flags.has('--no-archive'))
    throw new Error(`--sign signs the archive: not with --no-archive\n\n${USAGE}`);
  for (const flag of flags) {
    if (flag !== '--no-archive' && flag !== '--no-sourcemap') throw new Error(`unknown option ${flag}\n\n${USAGE}`);
  }
  if (folders.length > 1) throw new Error(`one folder at a time\n\n${USAGE}`);
  const dir = path.resolve(folders[0] ?? '.');
  const started = Date.now();
  const result = await buildPluginPackage(dir, {
    archive: !flags.has('--no-archive'),
    sourcemap: !flags.has('--no-sourcemap'),
  });
  for (const warning of result.warnings) console.warn(`warning: ${warning}`);
  const shown = (/** @type {string} */ file) => path.relative(process.cwd(), file) || file;
  console.log(
    `✔ ${result.manifest.id} ${result.manifest.version} built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  ${shown(result.file)}  ${kb(result.bytes)}  gzip ${kb(result.gzipBytes)}`);
  if (result.bundleFiles.length > 1) console.log(`  + ${result.bundleFiles.length - 1} chunk(s)`);
  console.log('  ✔ definition matches plugin.json   ✔ no shared module bundled   ✔ .gz/.br written');
  if (result.archive) console.log(`  archive ${shown(result.archive)}  ${kb(result.archiveBytes ?? 0)}`);
  if (result.archive && keyFile) {
    const { keyId } = await signArchive(result.archive, keyFile, {
      manifestFile: path.join(path.dirname(result.archive), 'manifest.json'),
    });
    console.log(`  ✔ signed with key ${keyId}`);
  }
}

/** @param {string[]} args */
async function keygen(args) {
  const { values, others } = parseOptions(args, ['--out']);
  if (others.length > 0) throw new Error(`unexpected ${others[0]}\n\n${USAGE}`);
  const { privateFile, publicFile, keyId } = await generateSigningKey(
    path.resolve(values.get('--out') ?? 'cotton-publisher'),
  );
  console.log(`✔ key ${keyId}`);
  console.log(`  private ${privateFile}  (secret: never commit or share it)`);
  console.log(`  public  ${publicFile}  (the portal's administrator adds it: 插件管理 › 发布者密钥)`);
}

/** @param {string[]} args */
async function signCommand(args) {
  const { values, others } = parseOptions(args, ['--key']);
  if (others.length !== 1) throw new Error(`one archive, e.g. dist/partner-report-1.0.0.tgz\n\n${USAGE}`);
  const keyFile = values.get('--key');
  if (!keyFile) throw new Error(`--key <file> is required\n\n${USAGE}`);
  const { id, version, keyId } = await signArchive(path.resolve(others[0]), path.resolve(keyFile));
  console.log(`✔ ${id} ${version} signed with key ${keyId}`);
}

/**
 * `--name value` and `--name=value` options, and the other arguments.
 * @param {string[]} args
 * @param {string[]} names the options that take a value
 * @param {string[]} [flags] the options that take none (kept among the others)
 * @returns {{ values: Map<string, string>, others: string[] }}
 */
function parseOptions(args, names, flags = []) {
  /** @type {Map<string, string>} */
  const values = new Map();
  /** @type {string[]} */
  const others = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const [name, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (!names.includes(name)) {
      if (arg.startsWith('--') && !flags.includes(arg)) throw new Error(`unknown option ${name}\n\n${USAGE}`);
      others.push(arg);
      continue;
    }
    const value = inline ?? args[(i += 1)];
    if (value === undefined || value === '') throw new Error(`${name} needs a value\n\n${USAGE}`);
    values.set(name, value);
  }
  return { values, others };
}

/** @param {string[]} args */
async function dev(args) {
  const { values, others } = parseOptions(args, ['--portal', '--port', '--host']);
  if (others.length > 1) throw new Error(`one folder at a time\n\n${USAGE}`);
  const portal = values.get('--portal');
  parsePortalUrl(portal);
  const portText = values.get('--port') ?? String(DEFAULT_DEV_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new Error(`--port ${portText}: a port number, 0 to 65535`);
  const server = await startPluginDev(path.resolve(others[0] ?? '.'), {
    portal,
    port,
    host: values.get('--host') ?? DEFAULT_DEV_HOST,
  });
  const stop = async () => {
    console.log('\ncotton-plugin dev: stopping');
    await server.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** @param {string[]} args */
async function install(args) {
  const activate = args.includes('--activate');
  const { values, others } = parseOptions(
    args.filter((arg) => arg !== '--activate'),
    ['--portal'],
  );
  if (others.length !== 1) throw new Error(`one archive, e.g. dist/partner-report-1.0.0.tgz\n\n${USAGE}`);
  const outcome = await installArchive(others[0], {
    portal: values.get('--portal') ?? '',
    token: process.env[TOKEN_VARIABLE] ?? '',
    activate,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  const { id, version, active, enabled } = outcome.installed;
  console.log(
    `✔ ${id} ${version} installed${active ? ', active' : ' (not active: --activate to switch)'}${enabled ? '' : ', plugin disabled'}`,
  );
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'build') await build(rest);
  else if (command === 'dev') await dev(rest);
  else if (command === 'install') await install(rest);
  else if (command === 'keygen') await keygen(rest);
  else if (command === 'sign') await signCommand(rest);
  else if (command === undefined || command === '--help' || command === '-h' || command === 'help') console.log(USAGE);
  else throw new Error(`unknown command ${command}\n\n${USAGE}`);
} catch (error) {
  console.error(`✖ cotton-plugin ${command}: ${/** @type {Error} */ (error).message}`);
  process.exitCode = 1;
}
