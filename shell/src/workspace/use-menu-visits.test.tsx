import { request } from '@cotton/sdk';
import { menuViewCalls } from '@cotton/sdk/calls';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuVisits } from './use-menu-visits';

// Only the transport is faked.
const post = vi.fn();
vi.spyOn(request, 'call').mockImplementation(post);

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue({ recorded: true });
});

describe('useMenuVisits', () => {
  it('records each menu page shown, once per change, and nothing off the menu', () => {
    const { rerender } = renderHook(({ path }) => useMenuVisits(path), {
      initialProps: { path: '/system/user' as string | null },
    });
    rerender({ path: '/system/user' });
    rerender({ path: null });
    rerender({ path: '/system/role' });
    expect(post.mock.calls).toEqual([
      [menuViewCalls.add, { path: '/system/user' }],
      [menuViewCalls.add, { path: '/system/role' }],
    ]);
  });

  it('says nothing when the call fails', async () => {
    post.mockRejectedValue(new Error('网络异常'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    renderHook(() => useMenuVisits('/system/user'));
    await Promise.resolve();
    await Promise.resolve();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
