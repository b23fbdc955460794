import { Envelope, ListDeleted, MsgSent, SmsTemplatePage } from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 短信模板: the wire contracts (sdk/src/contracts/sms-template.ts, list.ts).
export {
  AddSmsTemplateBody,
  ListExportBody,
  ListRequest,
  SendMsgBody,
  SmsTemplateIdBody,
  SmsTemplateIdsBody,
  UpdSmsTemplateBody,
} from '@cotton/sdk/contracts';

export const SmsTemplatePageResponse = Envelope(SmsTemplatePage);
export const SmsTemplateDeletedResponse = Envelope(ListDeleted);
export const SmsSentResponse = Envelope(MsgSent);
export const AddedSmsTemplateResponse = Envelope(Type.Object({ id: Type.String() }));
export const SmsTemplateUpdatedResponse = Envelope(Type.Object({ updated: Type.Integer() }));
