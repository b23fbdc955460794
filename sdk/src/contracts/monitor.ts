import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { EmptyBody, Nullable } from './common';

// 系统管理 › 系统监控 (docs/architecture.md "Monitor"): what the system administrator watches.

/** The receipt search index as one process holds it in memory. */
export const SearchIndexState = Type.Object({
  /** Receipts in the index; `null` before the first build. */
  rows: Nullable(Type.Integer()),
  version: Nullable(Type.Integer()),
  /** ISO 8601 of the last completed build. */
  builtAt: Nullable(Type.String()),
  buildMs: Nullable(Type.Number()),
  building: Type.Boolean(),
  /** Builds from the whole table since the process started (the first included). */
  rebuilds: Type.Optional(Type.Integer()),
  /** Changes applied in place (batches of changed receipts), and the receipts they held. */
  updates: Type.Optional(Type.Integer()),
  updatedRows: Type.Optional(Type.Integer()),
  /** ISO 8601 of the last change applied in place, and how long reading and applying it took. */
  updatedAt: Type.Optional(Nullable(Type.String())),
  updateMs: Type.Optional(Nullable(Type.Number())),
  /** Time spent applying changes in place since the process started (ms; reading them from the database not included). */
  appliedMs: Type.Optional(Type.Number()),
});
export type SearchIndexState = Static<typeof SearchIndexState>;

/** One server process, from its last heartbeat. */
export const ServerProcess = Type.Object({
  host: Type.String(),
  pid: Type.Integer(),
  /** `主进程` or `工作进程 <n>`. */
  role: Type.String(),
  nodeVersion: Type.String(),
  /** ISO 8601. */
  startedAt: Type.String(),
  uptimeSeconds: Type.Number(),
  /** ISO 8601 of the last heartbeat. */
  beatAt: Type.String(),
  /** No heartbeat for a while: stopped or stuck. */
  lost: Type.Boolean(),
  /** The process that answered this request. */
  current: Type.Boolean(),
  rssBytes: Type.Number(),
  heapUsedBytes: Type.Number(),
  heapTotalBytes: Type.Number(),
  eventLoopDelayMs: Nullable(Type.Number()),
  searchIndex: Nullable(SearchIndexState),
});
export type ServerProcess = Static<typeof ServerProcess>;

export const DatabaseInfo = Type.Object({
  driver: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  /** `up` when it answered, `down` with `error` when not. */
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  error: Nullable(Type.String()),
  version: Nullable(Type.String()),
  sizeBytes: Nullable(Type.Number()),
  /** Sessions connected to this database. */
  connections: Nullable(Type.Integer()),
  /** How long `select 1` took, ms. */
  latencyMs: Nullable(Type.Number()),
});
export type DatabaseInfo = Static<typeof DatabaseInfo>;

/** `POST /rest/monitor/getServerInfo` → `dataSet`. */
export const ServerInfo = Type.Object({
  /** ISO 8601: when the figures were read. */
  readAt: Type.String(),
  host: Type.Object({
    hostname: Type.String(),
    platform: Type.String(),
    cpus: Type.Integer(),
    loadAverage: Type.Array(Type.Number()),
    totalMemoryBytes: Type.Number(),
    freeMemoryBytes: Type.Number(),
  }),
  processes: Type.Array(ServerProcess),
  database: DatabaseInfo,
});
export type ServerInfo = Static<typeof ServerInfo>;

/** 系统管理 › 系统监控's permission codes. */
export const monitorCodes = defineCodes({ view: 'system:monitor:view' });

/** 系统管理 › 系统监控's calls. */
export const monitorCalls = {
  serverInfo: defineCall({
    method: 'POST',
    path: '/rest/monitor/getServerInfo',
    permission: monitorCodes.view,
    body: EmptyBody,
    answer: ServerInfo,
  }),
};
