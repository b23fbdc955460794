import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { postAdminCalls, roleAdminCalls } from './calls';
import { ApiError, Authorized, getSession, hasPermission, request } from './index';
import { clearSession, mockCalls, sessionWith } from './testing';

afterEach(() => {
  cleanup();
  clearSession();
});

describe('@cotton/sdk/testing', () => {
  it('logs a user in holding exactly the codes chosen, and out', () => {
    sessionWith(['inspection:record:add'], { realname: '质检员' });
    expect(hasPermission('inspection:record:add')).toBe(true);
    expect(hasPermission('inspection:record:delete')).toBe(false);
    expect(getSession().user?.realname).toBe('质检员');
    render(
      <>
        <Authorized code="inspection:record:add">新增</Authorized>
        <Authorized code="inspection:record:delete">删除</Authorized>
      </>,
    );
    expect(screen.queryByText('新增')).not.toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    clearSession();
    expect(getSession().token).toBeNull();
  });

  it('answers calls by declaration: values, functions of the body, refusals; records the bodies', async () => {
    const calls = mockCalls()
      .answer(postAdminCalls.page, { pagination: { result: [], totalCount: 0, pageNum: 1, pageSize: 10 } })
      .answer(roleAdminCalls.add, (body) => ({ id: String(body.name.length) }))
      .answer(roleAdminCalls.delete, new ApiError('403', '没有权限'));
    try {
      await expect(request.call(postAdminCalls.page, { pageNum: 1, pageSize: 10 })).resolves.toMatchObject({
        pagination: { totalCount: 0 },
      });
      await expect(
        request.call(roleAdminCalls.add, { code: 'clerk', name: '质检员', description: '' } as never),
      ).resolves.toEqual({ id: '3' });
      await expect(request.call(roleAdminCalls.delete, { ids: '1' })).rejects.toMatchObject({
        code: '403',
        message: '没有权限',
      });
      // A call the test did not expect names itself.
      await expect(request.call(roleAdminCalls.update, {} as never)).rejects.toThrow('/rest/role/updRole');
      expect(calls.bodies(postAdminCalls.page)).toEqual([{ pageNum: 1, pageSize: 10 }]);
      expect(calls.bodies(roleAdminCalls.update)).toHaveLength(1);
    } finally {
      calls.restore();
    }
    expect(request.call).not.toBe(undefined);
  });
});
