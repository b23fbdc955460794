import { definePlugin } from '@cotton/sdk';
import { AppList } from './pages/app-list';
import { DataRuleList } from './pages/data-rule-list';
import { EnterpriseUserList } from './pages/enterprise-user-list';
import { MenuList } from './pages/menu-list';
import { OrgList } from './pages/org-list';
import { PluginList } from './pages/plugin-list';
import { PostList } from './pages/post-list';
import { RegisterReviewList } from './pages/register-review';
import { RoleList } from './pages/role-list';
import { SmsLog } from './pages/sms-log';
import { UserList } from './pages/user-list';

export {
  AppList,
  DataRuleList,
  EnterpriseUserList,
  MenuList,
  OrgList,
  PluginList,
  PostList,
  RegisterReviewList,
  RoleList,
  SmsLog,
  UserList,
};

/**
 * System management screens of the back office. No routes of its own: the shell mounts
 * `system/SmsLog` at the server menu's `/system/sms` (系统管理 › 短信日志) and `system/UserList`
 * at `/system/user` (系统管理 › 用户管理), `system/RoleList` at `/system/role` (系统管理 › 角色管理), `system/MenuList` at
 * `/system/menu` (系统管理 › 菜单管理), `system/AppList` at `/system/app` (系统管理 › 应用管理),
 * `system/OrgList` at `/system/org` (机构管理), `system/PostList` at `/system/post` (岗位管理),
 * `system/DataRuleList` at `/system/data-rule` (数据权限) and `system/RegisterReviewList` at
 * `/system/register` (系统管理 › 注册审核, permission `register:review`) and `system/PluginList` at
 * `/system/plugin` (系统管理 › 插件管理), and `system/EnterpriseUserList` at `/enterprise/user` (企业管理 ›
 * 用户管理, an approved enterprise's administrator's own accounts).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'system',
  routes: [],
  components: {
    SmsLog,
    UserList,
    RoleList,
    MenuList,
    AppList,
    OrgList,
    PostList,
    DataRuleList,
    RegisterReviewList,
    PluginList,
    EnterpriseUserList,
  },
});
