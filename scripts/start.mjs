// npm start: install what is missing, build, then serve the portal on the embedded
// database (seeded on first start). Environment variables: see README "Configuration".
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, mustRun, root } from './lib/ensure.mjs';

ensureDependencies();
mustRun(process.execPath, [join(root, 'scripts', 'build.mjs')]);

const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], { cwd: root, stdio: 'inherit' });
/** @type {NodeJS.Signals[]} */
const signals = ['SIGINT', 'SIGTERM'];
for (const signal of signals) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
