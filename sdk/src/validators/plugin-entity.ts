/** The actions of a plugin entity's calls, each guarded by its own permission code. */
export const ENTITY_ACTIONS = ['list', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

/**
 * The permission code of an action on a plugin's entity: `plugin:<id>:<entity>:<action>`
 * (`plugin:qc-records:inspection:list`). The one place these codes are made; the server checks
 * them, the SDK's entity lists show their buttons by them, and declared permission codes
 * (issue 32 section 2) are to register them as buttons of the plugin's menus.
 */
export function entityPermissionCode(pluginId: string, entity: string, action: EntityAction): string {
  return `plugin:${pluginId}:${entity}:${action}`;
}

/** Every permission code of an entity, by action. */
export function entityPermissionCodes(pluginId: string, entity: string): Record<EntityAction, string> {
  return Object.fromEntries(
    ENTITY_ACTIONS.map((action) => [action, entityPermissionCode(pluginId, entity, action)]),
  ) as Record<EntityAction, string>;
}
