import { request } from '@cotton/sdk';
import type { AddOrgBody, AdminOrgTree, DelOrgBody, UpdOrgBody } from '@cotton/sdk/contracts';
import { orgAdminCalls } from '@cotton/sdk/calls';

// 系统管理 › 机构管理 (docs/auth.md, "Organisations, posts and data permissions"); the calls
// and shapes are the wire contracts of `@cotton/sdk` (sdk/src/contracts/org-admin.ts).

export function queryOrgTree(): Promise<AdminOrgTree> {
  return request.call(orgAdminCalls.tree, {});
}

export function addOrg(body: AddOrgBody): Promise<{ id: string }> {
  return request.call(orgAdminCalls.add, body);
}

export function updateOrg(body: UpdOrgBody): Promise<unknown> {
  return request.call(orgAdminCalls.update, body);
}

export function deleteOrg(id: string): Promise<unknown> {
  const body: DelOrgBody = { id };
  return request.call(orgAdminCalls.delete, body);
}
