import { describe, expect, it } from 'vitest';
import manifest from '../plugin.json';
import plugin from './index';

describe('content plugin definition', () => {
  it('agrees with plugin.json', () => {
    expect(plugin.id).toBe(manifest.id);
    expect(
      (plugin.routes ?? []).map(({ path, public: isPublic, title }) => ({ path, public: Boolean(isPublic), title })),
    ).toEqual(manifest.routes);
    expect(Object.keys(plugin.components ?? {}).sort()).toEqual([...manifest.components].sort());
  });

  it('gives every route and component a React component', () => {
    for (const route of plugin.routes ?? []) expect(typeof route.element).toBe('function');
    for (const component of Object.values(plugin.components ?? {})) expect(typeof component).toBe('function');
  });
});
