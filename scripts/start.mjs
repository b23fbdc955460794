// npm start: install what is missing, build, then serve the portal on the embedded
// database (seeded on first start). Environment variables: see README "Configuration".
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, mustRun, root } from './lib/ensure.mjs';

ensureDependencies();
mustRun(process.execPath, [join(root, 'scripts', 'build.mjs')]);

// A developer's machine: plugin dev mode may load from this machine's dev servers
// (docs/plugins.md "Dev mode"); the server itself only defaults to that for development and
// test, and never allows it in production.
const env = { ...process.env };
if (env.PLUGIN_DEV_ORIGINS === undefined && env.APP_ENV !== 'production') {
  env.PLUGIN_DEV_ORIGINS = 'http://localhost:* http://127.0.0.1:*';
}
const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], { cwd: root, stdio: 'inherit', env });
/** @type {NodeJS.Signals[]} */
const signals = ['SIGINT', 'SIGTERM'];
for (const signal of signals) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
