import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldCheckCalls } from '../calls';
import { request } from '../request/client';
import { notTaken } from './rules';

/** What the rule calls back with for `value`, once it has. */
async function messageFor(rule: ReturnType<typeof notTaken>, value: unknown): Promise<string | undefined> {
  let message: string | undefined = 'not called back';
  await rule.validator(value, (error) => {
    message = error;
  });
  return message;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('notTaken', () => {
  it('shows the duplicate check’s message for a taken value, asking once per value', async () => {
    const call = vi
      .spyOn(request, 'call')
      .mockImplementation(async (_call, body) =>
        (body as { fieldVal: string }).fieldVal === 'admin'
          ? { valid: false, message: '该登录名已被使用，请更换' }
          : { valid: true, message: '' },
      );
    const rule = notTaken({ tableName: 'sys_users', fieldName: 'loginName' });
    expect(await messageFor(rule, ' admin ')).toBe('该登录名已被使用，请更换');
    expect(call).toHaveBeenCalledWith(fieldCheckCalls.duplicate, {
      tableName: 'sys_users',
      fieldName: 'loginName',
      fieldVal: 'admin',
      dataId: null,
    });
    // Left, then 保存: the same value is not asked again.
    expect(await messageFor(rule, 'admin')).toBe('该登录名已被使用，请更换');
    expect(call).toHaveBeenCalledTimes(1);
    expect(await messageFor(rule, 'wangwu')).toBeUndefined();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('passes the edited record’s id, so its own value is not taken', async () => {
    const call = vi.spyOn(request, 'call').mockResolvedValue({ valid: true, message: '' });
    expect(await messageFor(notTaken({ tableName: 'sys_roles', fieldName: 'code', dataId: '7' }), 'admin')).toBe(
      undefined,
    );
    expect(call).toHaveBeenCalledWith(fieldCheckCalls.duplicate, expect.objectContaining({ dataId: '7' }));
  });

  it('lets a blank value and a failed check through, without a message', async () => {
    const call = vi.spyOn(request, 'call').mockRejectedValue(new Error('网络异常'));
    const rule = notTaken({ tableName: 'sys_posts', fieldName: 'code' });
    expect(await messageFor(rule, '  ')).toBeUndefined();
    expect(await messageFor(rule, undefined)).toBeUndefined();
    expect(call).not.toHaveBeenCalled();
    expect(await messageFor(rule, 'OPS')).toBeUndefined();
  });
});
