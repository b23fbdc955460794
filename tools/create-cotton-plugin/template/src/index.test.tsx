import { render, screen } from '@testing-library/react';
import { request } from '@cotton/sdk';
import type { AdminPostRow } from '@cotton/sdk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pluginJson from '../plugin.json';
import plugin, { __COMPONENT__ } from './index';
import { LIST_CALL } from './list-page';

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

afterEach(() => vi.restoreAllMocks());

describe('__ID__', () => {
  it('declares what plugin.json says', () => {
    expect(plugin.id).toBe(pluginJson.id);
    expect(Object.keys(plugin.components ?? {}).sort()).toEqual([...pluginJson.components].sort());
  });

  it('lists the rows the server answers', async () => {
    // Only the transport is faked: the SDK's request client answers the list call.
    const call = vi
      .spyOn(request, 'call')
      .mockResolvedValue({ pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } } as never);
    render(<__COMPONENT__ />);
    expect(await screen.findByText('系统运维')).toBeTruthy();
    expect(call).toHaveBeenCalledWith(LIST_CALL, expect.objectContaining({ pageNum: 1, pageSize: 10 }));
  });
});
