/**
 * Plugin entities (docs/architecture.md "Plugin entities"): what plugin-admin's install calls —
 * the declaration's check and the hook that brings the plugin's tables to it.
 */
export { checkEntities } from './declaration';
export { applyPluginEntities } from './tables';
