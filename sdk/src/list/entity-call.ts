import { callPath } from '../request/call-path';

/**
 * A plugin entity's call (`pluginEntityCalls`, `/rest/pluginData/:plugin/:entity/…`) with its
 * path filled for `pluginId`'s `entity`: what the list, the form and the file controls send.
 */
export function entityCall<C extends { path: `/${string}` }>(call: C, pluginId: string, entity: string): C {
  return { ...call, path: callPath(call, { plugin: pluginId, entity }) as C['path'] };
}
