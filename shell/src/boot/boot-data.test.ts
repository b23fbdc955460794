import { describe, expect, it, vi } from 'vitest';
import { manifest, portalConfig } from '../test-support';
import { fetchBootData } from './boot-data';

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('fetchBootData', () => {
  it('posts {} to both anonymous calls and unwraps their envelopes', async () => {
    const home = manifest('home', [{ path: '/home', public: true }]);
    const fetchImpl = vi.fn(async (url: string) =>
      url === '/rest/anon/portalConfig'
        ? answer({ rtnCode: '0000', rtnMessage: '成功', dataSet: portalConfig() })
        : answer({ rtnCode: '0000', rtnMessage: '成功', dataSet: { plugins: [home, { id: 'broken' }] } }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const data = await fetchBootData(fetchImpl);
    expect(data.portalConfig.siteName).toBe('示例交易中心');
    expect(data.plugins).toEqual([home]);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/rest/anon/portalConfig',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
    expect(fetchImpl).toHaveBeenCalledWith(
      '/rest/anon/plugins',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
  });

  it('fails with the server’s message', async () => {
    const fetchImpl = async () => answer({ rtnCode: '503', rtnMessage: '数据服务暂不可用，请稍后再试', dataSet: null });
    await expect(fetchBootData(fetchImpl)).rejects.toThrow('无法获取门户配置：数据服务暂不可用，请稍后再试');
  });

  it('fails clearly when the server is unreachable or answers something else', async () => {
    await expect(fetchBootData(async () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      /网络异常/,
    );
    await expect(fetchBootData(async () => new Response('<html>', { status: 502 }))).rejects.toThrow(
      '无法获取门户配置（HTTP 502）',
    );
  });
});
