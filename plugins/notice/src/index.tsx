import { definePlugin } from '@cotton/sdk';
import { MyNotices } from './pages/my-notices';
import { NoticeList } from './pages/notice-list';
import { SmsTemplateList } from './pages/sms-template-list';

export { MyNotices, NoticeList, SmsTemplateList };

/**
 * Notices and SMS templates of the back office. No routes of its own: the shell mounts
 * `notice/NoticeList` at the server menu's `/system/notice` (系统管理 › 通知公告),
 * `notice/SmsTemplateList` at `/system/sms-template` (系统管理 › 短信模板) and
 * `notice/MyNotices` at `/account/notice` (我的消息, every user; the header's bell opens it).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'notice',
  routes: [],
  components: { NoticeList, MyNotices, SmsTemplateList },
});
