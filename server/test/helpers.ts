import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../src/app';
import { prepareDatabase } from '../src/bootstrap';
import type { Config } from '../src/config';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../src/db/client';
import { dropAllTables } from '../src/db/migrate';
import type { Envelope } from '../src/plugins/envelope';
import type { SeedSize } from '../src/seed/index';

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
  database: DatabaseHandle;
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

/**
 * A fresh database (PGlite in memory, or PostgreSQL at TEST_DATABASE_URL with its schema
 * dropped), migrated, with the bundled plugins of `staticRoot` registered and the small
 * seed, served by a real HTTP server on a free port.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase({ databaseUrl: url || null, dataDir: 'memory://' });
  if (url) await dropAllTables(database.db);
  return database;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: process.env.TEST_DATABASE_URL || null,
    dataDir: 'memory://',
    appEnv: 'test',
    seedSize: 'small',
    staticRoot: '',
    logLevel: 'silent',
    ssoLoginUrl: null,
    casServerUrl: null,
    publicUrl: 'http://127.0.0.1',
    loginRsaPrivateKey: null,
    thirdLoginProviders: null,
    receiptIndexRefreshMs: 50,
    workers: 1,
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
export async function serve(app: App): Promise<Pick<TestServer, 'baseUrl' | 'post' | 'get'>> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
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

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const temporaryRoot = options.staticRoot ? null : await mkdtemp(join(tmpdir(), 'cotton-static-'));
  const config = testConfig({ staticRoot: options.staticRoot ?? temporaryRoot!, ...options.config });
  const logs: Array<Record<string, unknown>> = [];
  const database = await openTestDatabase();
  const app = await buildApp({
    db: database.db,
    config,
    logger: options.captureLogs ? logCapture(logs) : { level: process.env.LOG_LEVEL || 'silent' },
  });
  await prepareDatabase(database, { staticRoot: config.staticRoot, seedSize: options.seedSize ?? 'small', log: app.log });
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
    },
  };
}
