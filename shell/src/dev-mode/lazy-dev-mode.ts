import type { PluginManifest } from '@cotton/sdk/contracts';
import type { PluginDevModeService, PluginDevModeState } from '@cotton/sdk';
import { pluginAdminCodes } from '@cotton/sdk/calls';
import type { DevMode, DevModeOptions } from './dev-mode';

type Config = Parameters<DevMode['start']>[0];

/**
 * Dev mode as the shell holds it at boot (issue 30): the same {@link DevMode}, but the module
 * behind it (dev-mode.ts: the dev server's manifest, build events, the badge's state) is
 * loaded only when dev mode can apply — the portal offers it (`pluginDevOrigins`, not in
 * production) to a logged-in user holding the install permission. A visitor, or anyone where
 * the portal offers nothing, never downloads it.
 */
export function createLazyDevMode(
  options: DevModeOptions,
  load: () => Promise<typeof import('./dev-mode')> = () => import('./dev-mode'),
): DevMode {
  let config: Config = { production: true, pluginDevOrigins: [] };
  let real: DevMode | null = null;
  let loading: Promise<DevMode> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  // The same test as dev-mode.ts's own (`allowed`), without its module.
  const offered = () => !config.production && config.pluginDevOrigins.length > 0;
  const allowed = () => offered() && options.hasPermission(pluginAdminCodes.install) && options.currentUser() !== null;

  /** The real dev mode, started with the portal's offer (which reads the user's switch). */
  function realOne(): Promise<DevMode> {
    if (!loading) {
      loading = load().then(async (module) => {
        const created = module.createDevMode(options);
        created.subscribe(notify);
        await created.start(config);
        real = created;
        notify();
        return created;
      });
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  }

  const service: PluginDevModeService = {
    isAvailable: () => (real ? real.service.isAvailable() : allowed()),
    getState: () => real?.service.getState() ?? null,
    async switchOn(input) {
      if (!allowed()) throw new Error('当前门户不支持插件开发模式，或您没有安装插件的权限');
      return (await realOne()).service.switchOn(input);
    },
    switchOff() {
      if (real) {
        real.service.switchOff();
        return;
      }
      void realOne().then((loaded) => loaded.service.switchOff());
    },
  };

  return {
    service,
    async start(next) {
      config = next;
      if (allowed()) await realOne();
    },
    apply(plugins: readonly PluginManifest[]): PluginManifest[] {
      if (real) return real.apply(plugins);
      // A login since boot by a user dev mode may apply to: read that user's switch; the dev
      // plugin arrives with a reload (what dev-mode.ts does itself after a login).
      if (allowed()) {
        void realOne().then(
          (loaded) => {
            if (loaded.getState()?.status === 'active') options.reload();
          },
          () => undefined,
        );
      }
      return [...plugins];
    },
    getState: (): PluginDevModeState | null => real?.getState() ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
