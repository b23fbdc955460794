import { ENTERPRISE_USERS } from '../../api';
import { UserList } from '../user-list';

/**
 * 企业管理 › 用户管理 (`/enterprise/user`, `enterprise:user:list`): an approved enterprise's
 * administrator manages their own enterprise's accounts — 新增 sub-accounts with the roles the
 * centre marks grantable to enterprises, 编辑, 冻结 / 解冻, 重置密码, 删除. The same list as
 * 系统管理 › 用户管理 over the enterprise's calls (docs/auth.md "Enterprise administrators"):
 * no organisation tree, posts or third-party accounts, which are the centre's.
 */
export function EnterpriseUserList() {
  return <UserList realm={ENTERPRISE_USERS} />;
}
