import type { IconList, ServerInfo, ServerProcess } from '@cotton/sdk/contracts';

export function serverProcess(overrides: Partial<ServerProcess> = {}): ServerProcess {
  return {
    host: 'app-1',
    pid: 4101,
    role: '工作进程 1',
    nodeVersion: 'v24.11.0',
    startedAt: '2026-11-26T08:00:00Z',
    uptimeSeconds: 93_780,
    beatAt: '2026-11-27T10:03:00Z',
    lost: false,
    current: true,
    rssBytes: 256 * 1024 * 1024,
    heapUsedBytes: 100 * 1024 * 1024,
    heapTotalBytes: 128 * 1024 * 1024,
    eventLoopDelayMs: 10.4,
    searchIndex: {
      rows: 1_000_000,
      version: 42,
      builtAt: '2026-11-26T08:01:00Z',
      buildMs: 8_000,
      building: false,
      rebuilds: 1,
      updates: 318,
      updatedRows: 405,
      updatedAt: '2026-11-27T10:02:58Z',
      updateMs: 3.1,
    },
    ...overrides,
  };
}

export function serverInfo(overrides: Partial<ServerInfo> = {}): ServerInfo {
  return {
    readAt: '2026-11-27T10:03:01Z',
    host: {
      hostname: 'app-1',
      platform: 'linux x64',
      cpus: 2,
      loadAverage: [0.5, 0.4, 0.3],
      totalMemoryBytes: 4 * 1024 ** 3,
      freeMemoryBytes: 1024 ** 3,
    },
    processes: [
      serverProcess(),
      serverProcess({ pid: 4102, role: '工作进程 2', current: false, lost: true, searchIndex: null }),
    ],
    database: {
      driver: 'postgres',
      status: 'up',
      error: null,
      version: 'PostgreSQL 17.2',
      sizeBytes: 1.5 * 1024 ** 3,
      connections: 12,
      latencyMs: 0.8,
    },
    ...overrides,
  };
}

export function iconList(): IconList {
  return {
    icons: [
      {
        name: 'dashboard',
        svgPath: 'M3 3h8v8H3z',
        usedBy: [
          { kind: 'menu', name: '工作台' },
          { kind: 'app', name: '仓储监管' },
        ],
      },
      { name: 'star', svgPath: 'M12 2l3 7h7z', usedBy: [] },
    ],
    available: [{ name: 'home', svgPath: 'M10 20v-6h4v6z' }],
  };
}
