// npm run cluster: three portal nodes on one PostgreSQL behind HAProxy, on this machine
// (docs/deployment.md "The cluster on one machine"). Installs what is missing (dependencies,
// Debian's haproxy), builds, creates the database when it does not exist, starts the nodes —
// each its own port and temporary folder, as separate machines — then HAProxy with health
// checks on /readyz, and prints the address. Ctrl-C drains every node, then stops HAProxy.
//
//   DATABASE_URL   PostgreSQL database (created if missing); default
//                  postgres://postgres@127.0.0.1:5432/cotton_cluster
//   CLUSTER_PORT   HAProxy's port (default 3300); the nodes listen on the next ones
//   CLUSTER_NODES  how many nodes (default 3, at most 9)
import { join } from 'node:path';
import { ensureDependencies, ensureHaproxy, mustRun, root } from './lib/ensure.mjs';

ensureDependencies();
ensureHaproxy();
mustRun(process.execPath, [join(root, 'scripts', 'build.mjs')]);

const { Cluster, DEFAULT_DATABASE_URL, ensureDatabase } = await import('./lib/cluster.mjs');

const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const haproxyPort = Number(process.env.CLUSTER_PORT || 3300);
const count = Number(process.env.CLUSTER_NODES || 3);
if (!Number.isInteger(haproxyPort) || haproxyPort < 1 || haproxyPort > 65_525)
  throw new Error(`CLUSTER_PORT must be a port number: ${process.env.CLUSTER_PORT}`);
if (!Number.isInteger(count) || count < 1 || count > 9)
  throw new Error(`CLUSTER_NODES must be 1 to 9: ${process.env.CLUSTER_NODES}`);

await ensureDatabase(databaseUrl);
/** @type {Record<number, string>} */
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const cluster = new Cluster({
  databaseUrl,
  haproxyPort,
  nodePorts: Array.from({ length: count }, (_, i) => haproxyPort + 1 + i),
  env: {
    // As `npm start`: dev mode may load from this machine's dev servers, outside production.
    ...(process.env.PLUGIN_DEV_ORIGINS === undefined && process.env.APP_ENV !== 'production'
      ? { PLUGIN_DEV_ORIGINS: 'http://localhost:* http://127.0.0.1:*' }
      : {}),
  },
  onLine: (node, entry) => {
    const level = LEVELS[Number(entry.level)] ?? 'INFO';
    const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
    console.log(`[${node}] ${time} ${level} ${String(entry.msg ?? '')}`);
  },
  onHaproxyLine: (line) => console.log(`[haproxy] ${line}`),
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n▶ stopping: every node drains, then HAProxy stops');
  const exits = await cluster.stop();
  console.log(`✔ stopped (node exit codes: ${exits.map((exit) => exit.code ?? exit.signal).join(', ')})`);
  process.exit(exits.every((exit) => exit.code === 0) ? 0 : 1);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

console.log(`▶ starting ${count} nodes on ${databaseUrl.replace(/\/\/[^@/]*@/, '//')}, then HAProxy`);
try {
  await cluster.start();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  await stop();
}
console.log(`\n✔ the portal: ${cluster.haproxyUrl.replace('127.0.0.1', 'localhost')} (HAProxy in front of:`);
for (const node of cluster.nodes) console.log(`    node ${node.name}: ${node.url}  (metrics: ${node.url}/metrics)`);
console.log('  ) — Ctrl-C stops all of them');
