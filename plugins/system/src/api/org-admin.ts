import { request } from '@cotton/sdk';
import type { AddOrgBody, AdminOrgTree, DelOrgBody, UpdOrgBody } from '@cotton/sdk';

// 系统管理 › 机构管理 (docs/auth.md, "Organisations, posts and data permissions"); the shapes
// are the wire contracts of `@cotton/sdk` (sdk/src/contracts/org-admin.ts).

export const ORG_TREE_URL = '/rest/organ/getOrganTree';
export const ORG_ADD_URL = '/rest/organ/addOrgan';
export const ORG_UPDATE_URL = '/rest/organ/updOrgan';
export const ORG_DELETE_URL = '/rest/organ/delOrgan';

export const ORG_LIST_PERMISSION = 'system:org:list';
export const ORG_ADD_PERMISSION = 'system:org:add';
export const ORG_EDIT_PERMISSION = 'system:org:edit';
export const ORG_DELETE_PERMISSION = 'system:org:delete';

export function queryOrgTree(): Promise<AdminOrgTree> {
  return request.post<AdminOrgTree>(ORG_TREE_URL, {});
}

export function addOrg(body: AddOrgBody): Promise<{ id: string }> {
  return request.post<{ id: string }>(ORG_ADD_URL, body);
}

export function updateOrg(body: UpdOrgBody): Promise<unknown> {
  return request.post(ORG_UPDATE_URL, body);
}

export function deleteOrg(id: string): Promise<unknown> {
  const body: DelOrgBody = { id };
  return request.post(ORG_DELETE_URL, body);
}
