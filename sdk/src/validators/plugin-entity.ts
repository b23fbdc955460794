import type { EntityPatternName } from '../contracts/plugin-entity';
import { HOTLINE_PHONE_PATTERN } from './cms';
import { MOBILE_PATTERN } from './patterns';

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

/**
 * The validation patterns a string field may name (never a regular expression of its own: each
 * of these is linear-time), with the message a refused value gets.
 */
export const ENTITY_PATTERNS: Readonly<Record<EntityPatternName, { pattern: RegExp; message: string }>> = {
  /** 中国大陆手机号. */
  mobile: { pattern: MOBILE_PATTERN, message: '应为 11 位手机号' },
  /** Letters, digits, `_` and `-`, starting with a letter or digit. */
  code: { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/, message: '只能含字母、数字、_ 和 -，以字母或数字开头' },
  /** Digits only. */
  digits: { pattern: /^\d+$/, message: '只能含数字' },
  /** Letters and digits only. */
  alphanumeric: { pattern: /^[A-Za-z0-9]+$/, message: '只能含字母和数字' },
  /** An e-mail address (one `@`, a dotted domain). */
  email: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, message: '应为电子邮箱地址' },
  /** A telephone number: digits, spaces, `+ - ( )`. */
  phone: { pattern: HOTLINE_PHONE_PATTERN, message: '应为电话号码' },
};
