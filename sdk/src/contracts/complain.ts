import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { AdminComplaintPage, AdminComplaintRow, HandleComplainBody } from './cms-admin';
import { ListExportBody, ListRequest } from './list';

/**
 * `POST /rest/complain/addComplain`. Loose on purpose: the service checks every field
 * (trimmed) with the SDK's complaint rules and answers with the form's own Chinese message;
 * the schema only refuses wrong types and absurd sizes. `complaintType`: `COMPLAINT` |
 * `SUGGESTION` | `CONSULT` (`COMPLAINT_TYPES` of `@cotton/sdk/validators`).
 */
export const AddComplainBody = Type.Object({
  name: Type.String({ maxLength: 200, title: '姓名' }),
  phone: Type.String({ maxLength: 100, title: '联系电话' }),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 200, title: '邮箱' }), Type.Null()])),
  complaintType: Type.String({ maxLength: 32, title: '类型' }),
  content: Type.String({ maxLength: 5000, title: '内容' }),
});
export type AddComplainBody = Static<typeof AddComplainBody>;

/** `POST /rest/complain/addComplain` → `dataSet`: the stored complaint's id. */
export const ComplaintCreated = Type.Object({ id: Type.String() });
export type ComplaintCreated = Static<typeof ComplaintCreated>;

/** 内容管理 › 投诉建议's permission codes (the inbox). */
export const complainCodes = defineCodes({ list: 'cms:complain:list', handle: 'cms:complain:handle' });

/**
 * 投诉建议: sent by anyone from /service's form (rate-limited per address), read and answered
 * by staff in the back office's inbox (its shapes are in cms-admin.ts).
 */
export const complainCalls = {
  add: defineCall({
    method: 'POST',
    path: '/rest/complain/addComplain',
    body: AddComplainBody,
    answer: ComplaintCreated,
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getComplainPage',
    permission: complainCodes.list,
    body: ListRequest,
    answer: AdminComplaintPage,
  }),
  /** 投诉建议.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/exportComplain',
    permission: complainCodes.list,
    body: ListExportBody,
    kind: 'download',
  }),
  /** To 处理中, or to 已答复 with a reply; answers the complaint as it now is. */
  handle: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/handleComplain',
    permission: complainCodes.handle,
    body: HandleComplainBody,
    answer: AdminComplaintRow,
  }),
};
