import { perExportLoaders } from 'virtual:cotton-shared-modules';
import { registerSharedModules, type SharedModulesHandle } from './register';
import type { SystemLoader } from './system-types';
import { wholeModules } from './whole-modules';

/** Registers every shared module with the page's SystemJS loader. */
export function installSharedModules(system: SystemLoader): SharedModulesHandle {
  return registerSharedModules(system, wholeModules, perExportLoaders);
}
