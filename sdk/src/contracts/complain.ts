import { Type, type Static } from 'typebox';

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
