import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { prepareDatabase } from '../src/bootstrap';
import type { Config } from '../src/config';
import type { AppDatabase } from '../src/db/client';
import type { Envelope } from '../src/http/envelope';
import type { SeedSize } from '../src/seed/index';
import { openCopiedTestDatabase, writeSeededDataDir, type TestDatabase } from './test-database';
import { sharedSchemaCompilers } from '../src/schema-compilers';

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  text: string;
  envelope: Envelope<T>;
}

export interface TestServer {
  baseUrl: string;
  app: App;
  db: AppDatabase;
  database: TestDatabase;
  config: Config;
  /** Pino lines written while the server ran (when started with `captureLogs`). */
  logs: Array<Record<string, unknown>>;
  /** POSTs `body` (objects as JSON; strings sent as they are) and parses the envelope. */
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Folder with `shell/dist` and `plugins/*\/dist`; default: an empty temporary folder. */
  staticRoot?: string;
  config?: Partial<Config>;
  seedSize?: SeedSize;
  captureLogs?: boolean;
}

function template() {
  const provided = inject('testDatabaseTemplate');
  if (!provided) throw new Error('no test database template: server/test/global-setup.ts has not run');
  return provided;
}

/** One set of compiled route schemas for every app a test worker builds (src/schema-compilers.ts). */
export const testSchemaCompilers = sharedSchemaCompilers();

/**
 * An empty database of the test's own (PGlite in memory, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped on close): not even migrated.
 */
export function openTestDatabase(): Promise<TestDatabase> {
  return openCopiedTestDatabase(template(), 'empty');
}

/** The seeded database as a PGlite data folder at `folder`, for a server process (test-database.ts). */
export function writeSeededPgliteFolder(folder: string): Promise<void> {
  return writeSeededDataDir(template(), folder);
}

/** A database of the test's own, migrated and with the small seed (a copy made in test-database.ts). */
export function openSeededTestDatabase(): Promise<TestDatabase> {
  return openCopiedTestDatabase(template(), 'seeded');
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.TEST_DATABASE_URL || null,
    dataDir: 'memory://',
    // startTestServer gives each server a folder of its own.
    filesDir: join(tmpdir(), `cotton-files-${process.pid}`),
    appEnv: 'test',
    seedSize: 'small',
    staticRoot: '',
    logLevel: 'silent',
    logFormat: 'json',
    ssoLoginUrl: null,
    casServerUrl: null,
    publicUrl: 'http://127.0.0.1',
    loginRsaPrivateKey: null,
    thirdLoginProviders: null,
    receiptIndexRefreshMs: 50,
    publicAnswerCacheBytes: 64 * 1024 * 1024,
    // Tests that need the scheduler start one of their own (server/test/jobs.test.ts).
    jobTickMs: 0,
    jobLeaseMs: 60_000,
    smsGatewayUrl: null,
    smsGatewayToken: null,
    pluginDevOrigins: [],
    pluginSignatures: 'optional',
    iframeAllowedOrigins: [],
    workers: 1,
    trustProxy: false,
    shutdownGraceMs: 25_000,
    shutdownDelayMs: 0,
    metricsAllow: [],
    metricsToken: null,
    ...overrides,
  };
}

function logCapture(logs: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { level: 'info', stream };
}

/** Listens on a free port and wraps `fetch` for the tests. */
export async function serve(app: App): Promise<HttpClient> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return clientOf(`http://127.0.0.1:${address.port}`);
}

export type HttpClient = Pick<TestServer, 'baseUrl' | 'post' | 'get'>;

/** `fetch` wrapped for the tests, for a server at `baseUrl` (one of a test's own process too). */
export function clientOf(baseUrl: string): HttpClient {
  return {
    baseUrl,
    async post<T>(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, envelope: JSON.parse(text) as Envelope<T> };
    },
    get: (path: string, headers: Record<string, string> = {}) => fetch(baseUrl + path, { headers }),
  };
}

/**
 * A database of its own (see {@link openSeededTestDatabase}), migrated, with the bundled
 * plugins of `staticRoot` registered and the small seed (or `seedSize`), served by a real
 * HTTP server on a free port.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const temporaryRoot = options.staticRoot ? null : await mkdtemp(join(tmpdir(), 'cotton-static-'));
  const logs: Array<Record<string, unknown>> = [];
  // Another seed size is written by prepareDatabase below into an empty database.
  const seedSize = options.seedSize ?? 'small';
  const database = seedSize === 'small' ? await openSeededTestDatabase() : await openTestDatabase();
  const filesDir = await mkdtemp(join(tmpdir(), 'cotton-files-'));
  const config = testConfig({
    staticRoot: options.staticRoot ?? temporaryRoot!,
    databaseUrl: database.url,
    filesDir,
    ...options.config,
  });
  const app = await buildApp({
    db: database.db,
    config,
    schemaCompilers: testSchemaCompilers,
    logger: options.captureLogs ? logCapture(logs) : { level: process.env.LOG_LEVEL || 'silent' },
  });
  // The demo data is the tests' fixture, also for a server configured as production.
  await prepareDatabase(database, {
    staticRoot: config.staticRoot,
    seedSize,
    appEnv: 'test',
    log: app.log,
  });
  const http = await serve(app);
  return {
    ...http,
    app,
    db: database.db,
    database,
    config,
    logs,
    async close() {
      await app.close();
      await database.close();
      if (temporaryRoot) await rm(temporaryRoot, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
