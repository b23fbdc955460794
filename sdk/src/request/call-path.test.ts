import { describe, expect, it } from 'vitest';
import { callPath } from './call-path';

describe('callPath', () => {
  const preview = { path: '/file/preview/:id' } as const;

  it('fills each parameter, encoded', () => {
    expect(callPath(preview, { id: 'a b/c' })).toBe('/file/preview/a%20b%2Fc');
    expect(callPath({ path: '/thirdLogin/render/:provider' }, { provider: 'wechat' })).toBe(
      '/thirdLogin/render/wechat',
    );
  });

  it('leaves a path without parameters as it is', () => {
    expect(callPath({ path: '/rest/auth/init' })).toBe('/rest/auth/init');
  });

  it('refuses a missing parameter', () => {
    expect(() => callPath(preview, {})).toThrow(TypeError);
  });
});
