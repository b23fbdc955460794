import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { monitorCalls } from '@cotton/sdk/calls';
import { serverInfo } from '../../test/fixtures';
import { formatBytes, formatDuration } from './format';
import { ServerMonitor } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

beforeEach(() => {
  post.mockReset();
  setSession({ token: 't', permissions: ['system:monitor:view'] });
});
afterEach(() => {
  clearSession();
});

describe('ServerMonitor', () => {
  it('shows every process, the database and each process’s search index', async () => {
    post.mockResolvedValue(serverInfo());
    render(<ServerMonitor />);
    const processes = screen.getByTestId('monitor-processes');
    expect(await within(processes).findByText('工作进程 2')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(monitorCalls.serverInfo, {});
    expect(processes).toHaveTextContent('本次应答');
    expect(processes).toHaveTextContent('失联');
    expect(processes).toHaveTextContent('1 天 2 小时');
    expect(processes).toHaveTextContent('256.0 MB');
    expect(processes).toHaveTextContent('1000000 条，版本 42');
    // Changes applied in place, and how often the whole index was built.
    expect(processes).toHaveTextContent('全量重建 1 次，增量更新 318 次');
    const database = screen.getByTestId('monitor-database');
    expect(database).toHaveTextContent('PostgreSQL');
    expect(database).toHaveTextContent('正常');
    expect(database).toHaveTextContent('1.5 GB');
    expect(database).toHaveTextContent('12');
  });

  it('says on the page when the database cannot be reached', async () => {
    post.mockResolvedValue(
      serverInfo({
        processes: [],
        database: {
          driver: 'pglite',
          status: 'down',
          error: 'connection refused',
          version: null,
          sizeBytes: null,
          connections: null,
          latencyMs: null,
        },
      }),
    );
    render(<ServerMonitor />);
    expect(await screen.findByText('无法连接：connection refused')).toBeInTheDocument();
    expect(screen.getByTestId('monitor-processes')).toHaveTextContent('数据库无法连接');
  });

  it('reads sizes and durations the way people say them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(null)).toBe('—');
    expect(formatDuration(45)).toBe('45 秒');
    expect(formatDuration(7_500)).toBe('2 小时 5 分');
  });
});
