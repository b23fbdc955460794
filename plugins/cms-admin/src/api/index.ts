import { request } from '@cotton/sdk';
import { cmsAdminCalls, complainCalls } from '@cotton/sdk/calls';
import type { AddContentBody, HandleComplainBody, SaveSiteBody, UpdContentBody } from '@cotton/sdk/contracts';

// 内容管理 (docs/auth.md "Content management"): the calls are `cmsAdminCalls` and
// `complainCalls` of `@cotton/sdk/calls`, the codes `cmsAdminCodes` and `complainCodes`.

export const getSite = () => request.call(cmsAdminCalls.siteDetail, {});
export const updateSite = (body: SaveSiteBody) => request.call(cmsAdminCalls.siteUpdate, body);

export const getCatalogs = () => request.call(cmsAdminCalls.catalogList, {});

export const getContent = (id: string) => request.call(cmsAdminCalls.contentDetail, { id });
export const addContent = (body: AddContentBody) => request.call(cmsAdminCalls.contentAdd, body);
export const updateContent = (body: UpdContentBody) => request.call(cmsAdminCalls.contentUpdate, body);
export const publishContents = (ids: string[]) => request.call(cmsAdminCalls.contentPublish, { ids: ids.join(',') });
export const withdrawContents = (ids: string[]) => request.call(cmsAdminCalls.contentWithdraw, { ids: ids.join(',') });
export const previewContent = (id: string) => request.call(cmsAdminCalls.contentPreview, { id });

/** One image (PNG or JPEG, checked by its bytes on the server) for an article or a banner. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request.upload(cmsAdminCalls.imageUpload, form);
}

export const handleComplaint = (body: HandleComplainBody) => request.call(complainCalls.handle, body);
