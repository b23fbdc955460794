import { render, screen, waitFor } from '@testing-library/react';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { clearSession, mockCalls, sessionWith, type CallMock } from '@cotton/sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pluginJson from '../plugin.json';
import plugin, { __COMPONENT__ } from './index';
import { CODES, LIST_CALL } from './list-page';

const ROW: AdminPostRow = {
  id: '1',
  code: 'OPS',
  name: '系统运维',
  sort: 1,
  status: '1',
  description: null,
  userCount: 0,
  createTime: '2026-03-18T08:00:00+08:00',
};

// Only the transport is faked: the SDK's request client answers by call.
let calls: CallMock;
beforeEach(() => {
  calls = mockCalls().answer(LIST_CALL, { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } });
});
afterEach(() => {
  calls.restore();
  clearSession();
});

describe('__ID__', () => {
  it('declares what plugin.json says', () => {
    expect(plugin.id).toBe(pluginJson.id);
    expect(Object.keys(plugin.components ?? {}).sort()).toEqual([...pluginJson.components].sort());
    expect(pluginJson.permissions.map((permission) => permission.code)).toContain(CODES.export);
  });

  it('lists the rows the server answers', async () => {
    sessionWith([]);
    render(<__COMPONENT__ />);
    expect(await screen.findByText('系统运维')).toBeTruthy();
    expect(calls.bodies(LIST_CALL)).toEqual([expect.objectContaining({ pageNum: 1, pageSize: 10 })]);
  });

  it('shows 导出 only to holders of its code', async () => {
    sessionWith([]);
    const { unmount } = render(<__COMPONENT__ />);
    await screen.findByText('系统运维');
    expect(screen.queryByText('导出')).toBeNull();
    unmount();
    sessionWith([CODES.export]);
    render(<__COMPONENT__ />);
    await waitFor(() => expect(screen.getByText('导出')).toBeTruthy());
  });
});
