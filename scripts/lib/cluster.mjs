// Several portal nodes on one PostgreSQL behind Debian's HAProxy, as separate machines would
// run them (docs/deployment.md "The cluster on one machine"): each node its own process, port
// and temporary folder. Used by `npm run cluster` (scripts/cluster.mjs), the proof suite
// (server/test/cluster/) and `npm run bench:cluster` (scripts/bench/cluster.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { HAPROXY, root } from './ensure.mjs';

/** Where `npm run cluster` keeps its data unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cotton_cluster';

/**
 * The load balancer's health check: every `CHECK_INTER_MS` a `GET /readyz`; `CHECK_FALL`
 * failures take a node out, `CHECK_RISE` successes bring it back.
 */
export const CHECK_INTER_MS = 1000;
export const CHECK_FALL = 2;
export const CHECK_RISE = 2;
/**
 * A stopping node keeps its port open this long (SHUTDOWN_DELAY_MS): longer than HAProxy
 * needs to see its `/readyz` 503 (`CHECK_INTER_MS` × `CHECK_FALL`), so no new request finds
 * the port closed while HAProxy still sends there (and if one does, HAProxy retries it elsewhere).
 */
export const SHUTDOWN_DELAY_MS = CHECK_INTER_MS * CHECK_FALL + 1000;

/**
 * Creates the database `url` names when it does not exist; with `fresh`, drops it first.
 * @param {string} url
 * @param {{ fresh?: boolean }} [options]
 */
export async function ensureDatabase(url, { fresh = false } = {}) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`database name must be [a-z_][a-z0-9_]*: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists "${name}" with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * @typedef {object} NodeProcess
 * @property {string} name `a`, `b`, `c`, …
 * @property {number} port
 * @property {string} url `http://127.0.0.1:<port>`
 * @property {import('node:child_process').ChildProcess} child
 * @property {Array<Record<string, unknown>>} lines its JSON log lines
 * @property {Promise<{ code: number | null, signal: string | null }>} exited
 */

/**
 * @typedef {object} ClusterOptions
 * @property {string} databaseUrl
 * @property {number} haproxyPort
 * @property {number[]} nodePorts one node per port
 * @property {Record<string, string>} [env] added to every node's environment
 * @property {(node: string, entry: Record<string, unknown>) => void} [onLine] every log line of a node
 * @property {(line: string) => void} [onHaproxyLine] HAProxy's own output
 */

export class Cluster {
  /** @param {ClusterOptions} options */
  constructor(options) {
    this.options = options;
    this.dir = mkdtempSync(join(tmpdir(), 'cotton-cluster-'));
    this.haproxyUrl = `http://127.0.0.1:${options.haproxyPort}`;
    this.statsSocket = join(this.dir, 'haproxy.sock');
    /** @type {NodeProcess[]} */
    this.nodes = [];
    /** @type {import('node:child_process').ChildProcess | null} */
    this.haproxy = null;
    /** @type {Promise<unknown> | null} */
    this.haproxyExited = null;
    /**
     * The processes this cluster started and its folder, written as they start: a run killed
     * before its `stop()` (`kill -9` of the test runner, a closed terminal) leaves nodes and
     * HAProxy holding the ports, and the next cluster on the same port ends them first.
     */
    this.leftovers = join(tmpdir(), `cotton-cluster-${options.haproxyPort}.json`);
  }

  /** Starts every node, waits until each is ready, then HAProxy, and waits until it sends to all. */
  async start() {
    endLeftovers(this.leftovers);
    // The first node prepares an empty database (migrations, seed) while the others wait
    // for its lock (server/src/db/prepare-lock.ts): started together, as machines would be.
    this.nodes = this.options.nodePorts.map((port, index) => this.spawnNode(index, port));
    await Promise.all(this.nodes.map((node) => this.waitReady(node, 180_000)));
    await this.startHaproxy();
    await this.waitServers(Object.fromEntries(this.nodes.map((node) => [node.name, 'UP'])), 30_000);
  }

  /**
   * @param {number} index
   * @param {number} port
   * @returns {NodeProcess}
   */
  spawnNode(index, port) {
    const name = String.fromCharCode(97 + index);
    const folder = join(this.dir, name);
    const child = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: this.options.databaseUrl,
        // One process per node: the nodes are the machines here, and they share two cores.
        SERVER_WORKERS: '1',
        DATA_DIR: join(folder, 'data'),
        FILES_DIR: join(folder, 'files'),
        // HAProxy on this machine: the visitor's address is the one it writes in X-Forwarded-For.
        TRUST_PROXY: '127.0.0.1',
        SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
        METRICS_ALLOW: '127.0.0.1/32',
        // The portal's address as browsers see it (CAS and OAuth return addresses, the start-up
        // message): HAProxy's, not the node's.
        PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${this.options.haproxyPort}`,
        LOG_FORMAT: 'json',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Array<Record<string, unknown>>} */
    const lines = [];
    const record = (/** @type {string} */ line) => {
      /** @type {Record<string, unknown>} */
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        entry = { level: 50, msg: line };
      }
      lines.push(entry);
      this.options.onLine?.(name, entry);
    };
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on('line', record);
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) }).on('line', record);
    const exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal: signal ?? null })),
    );
    const node = { name, port, url: `http://127.0.0.1:${port}`, child, lines, exited };
    this.recordProcesses([node.child]);
    return node;
  }

  /**
   * Adds `children` to the leftovers' record (see `leftovers`).
   * @param {import('node:child_process').ChildProcess[]} children
   */
  recordProcesses(children) {
    const record = readLeftovers(this.leftovers);
    const pids = [...(record?.dir === this.dir ? record.pids : []), ...children.map((child) => child.pid)];
    writeFileSync(this.leftovers, JSON.stringify({ dir: this.dir, pids: pids.filter(Boolean) }));
  }

  /**
   * Starts node `name` again (after a kill), on its port and folder, and waits until it is ready.
   * @param {string} name
   */
  async restartNode(name) {
    const index = this.nodes.findIndex((node) => node.name === name);
    const old = this.nodes[index];
    if (old.child.exitCode === null && old.child.signalCode === null) throw new Error(`node ${name} is still running`);
    const node = this.spawnNode(index, old.port);
    this.nodes[index] = node;
    await this.waitReady(node, 120_000);
    return node;
  }

  /** @param {string} name */
  node(name) {
    const found = this.nodes.find((node) => node.name === name);
    if (!found) throw new Error(`no node ${name}`);
    return found;
  }

  /**
   * Polls the node's `/readyz` until it answers 200.
   * @param {NodeProcess} node
   * @param {number} timeoutMs
   */
  async waitReady(node, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (node.child.exitCode !== null || node.child.signalCode !== null) {
        const tail = node.lines.slice(-20).map((line) => JSON.stringify(line));
        throw new Error(`node ${node.name} exited before it was ready:\n${tail.join('\n')}`);
      }
      const status = await fetch(`${node.url}/readyz`, { headers: { connection: 'close' } }).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`node ${node.name} not ready within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** HAProxy's configuration for these nodes (docs/deployment.md "HAProxy"). */
  haproxyConfig() {
    const servers = this.nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`);
    return [
      'global',
      '  maxconn 4096',
      // One thread: the nodes, PostgreSQL and HAProxy share the machine's cores.
      '  nbthread 1',
      `  stats socket ${this.statsSocket} mode 600 level admin`,
      '',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-keep-alive 10s',
      // Connections to the nodes are kept and reused (HAProxy's default; a new connection per
      // request cost the node twice the CPU, docs/deployment.md). A draining node answers every
      // request with Connection: close, so no kept connection outlives its drain.
      '  option forwardfor',
      // Retry a connection that failed (nothing was sent: safe for every request, writes
      // included), each time on another node.
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure',
      '',
      'frontend portal',
      `  bind 127.0.0.1:${this.options.haproxyPort}`,
      // The visitor's address for the node (TRUST_PROXY): the one HAProxy saw (option
      // forwardfor), never an X-Forwarded-For the visitor wrote.
      '  http-request del-header X-Forwarded-For',
      // The figures are each node's, scraped on its own address: never through the balancer.
      '  http-request deny deny_status 404 if { path_beg /metrics }',
      '  default_backend nodes',
      '',
      'backend nodes',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      `  default-server inter ${CHECK_INTER_MS} fall ${CHECK_FALL} rise ${CHECK_RISE}`,
      ...servers,
      '',
    ].join('\n');
  }

  async startHaproxy() {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} missing (scripts/lib/ensure.mjs ensureHaproxy)`);
    const config = join(this.dir, 'haproxy.cfg');
    writeFileSync(config, this.haproxyConfig());
    const haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.haproxy = haproxy;
    this.recordProcesses([haproxy]);
    this.haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
    /** @type {string[]} */
    const said = [];
    for (const stream of [haproxy.stdout, haproxy.stderr])
      createInterface({ input: /** @type {import('node:stream').Readable} */ (stream) }).on('line', (line) => {
        said.push(line);
        this.options.onHaproxyLine?.(line);
      });
    const deadline = Date.now() + 15_000;
    while (!existsSync(this.statsSocket)) {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}:\n${said.join('\n')}`);
      if (Date.now() > deadline) throw new Error('haproxy did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * A command on HAProxy's stats socket; answers its output.
   * @param {string} command
   * @returns {Promise<string>}
   */
  haproxyCommand(command) {
    return new Promise((resolve, reject) => {
      const socket = connect(this.statsSocket);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.once('error', reject);
      socket.once('end', () => resolve(text));
      socket.write(`${command}\n`);
    });
  }

  /**
   * Each node's state as HAProxy sees it: `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming back), …
   * @returns {Promise<Record<string, string>>}
   */
  async serverStates() {
    const csv = await this.haproxyCommand('show stat');
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const status = columns.indexOf('status');
    /** @type {Record<string, string>} */
    const states = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[0] === 'nodes' && cells[1] !== 'BACKEND') states[cells[1]] = cells[status];
    }
    return states;
  }

  /**
   * Polls HAProxy until each named node is in the state given.
   * @param {Record<string, string>} wanted
   * @param {number} timeoutMs
   */
  async waitServers(wanted, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await this.serverStates();
      if (Object.entries(wanted).every(([name, state]) => states[name] === state)) return states;
      if (Date.now() > deadline)
        throw new Error(
          `haproxy: ${JSON.stringify(states)} after ${timeoutMs} ms, waiting for ${JSON.stringify(wanted)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Stops everything: every node drains (SIGTERM) and HAProxy stops once they have; the
   * temporary folder goes. Answers each node's exit code.
   */
  async stop() {
    const running = this.nodes.filter((node) => node.child.exitCode === null && node.child.signalCode === null);
    for (const node of running) node.child.kill('SIGTERM');
    const exits = await Promise.all(this.nodes.map((node) => node.exited));
    if (this.haproxy && this.haproxy.exitCode === null) {
      this.haproxy.kill('SIGUSR1'); // soft stop: lets its connections finish
      await this.haproxyExited;
    }
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.leftovers, { force: true });
    return exits;
  }
}

/**
 * The record of a cluster's processes and folder (`Cluster#leftovers`), or null.
 * @param {string} file
 * @returns {{ dir: string, pids: number[] } | null}
 */
function readLeftovers(file) {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8'));
    return typeof record?.dir === 'string' && Array.isArray(record.pids) ? record : null;
  } catch {
    return null;
  }
}

/**
 * Ends what a cluster killed before its `stop()` left on this port: each recorded process that
 * is still a portal node or HAProxy (its command line says so: a pid may have been reused),
 * and its folder.
 * @param {string} file
 */
function endLeftovers(file) {
  const record = readLeftovers(file);
  if (!record) return;
  for (const pid of record.pids) {
    const command = commandLine(pid);
    if (command === null) continue; // gone
    if (!command.includes(join('server', 'dist', 'main.js')) && !command.includes('haproxy')) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  if (record.dir.startsWith(join(tmpdir(), 'cotton-cluster-'))) rmSync(record.dir, { recursive: true, force: true });
  rmSync(file, { force: true });
}

/**
 * Process `pid`'s command line, or null when it has ended.
 * @param {number} pid
 * @returns {string | null}
 */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
}
