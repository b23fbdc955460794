import {
  AdminNoticePage,
  Envelope,
  HeaderNotice,
  ListDeleted,
  NoticeDetail,
  NoticeTargets,
  NoticeUpdated,
  UserNoticePage,
} from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// 通知公告 and 我的消息: the wire contracts (sdk/src/contracts/notice.ts, list.ts).
export {
  AddNoticeBody,
  EmptyBody,
  ListExportBody,
  ListRequest,
  NoticeIdBody,
  NoticeIdsBody,
  NoticeTargetsBody,
  UpdateNoticeStatusBody,
  UpdateReadStatusBody,
  UpdNoticeBody,
  UserNoticePageBody,
} from '@cotton/sdk/contracts';

export const AdminNoticePageResponse = Envelope(AdminNoticePage);
export const NoticeDetailResponse = Envelope(NoticeDetail);
export const NoticeUpdatedResponse = Envelope(NoticeUpdated);
export const NoticeDeletedResponse = Envelope(ListDeleted);
export const HeaderNoticeResponse = Envelope(HeaderNotice);
export const UserNoticePageResponse = Envelope(UserNoticePage);
/** addNotice answers the new notice's id. */
export const AddedNoticeResponse = Envelope(Type.Object({ id: Type.String() }));
export const NoticeTargetsResponse = Envelope(NoticeTargets);
