import { PASSWORD_MESSAGES } from '@cotton/sdk/validators';
import { CEILING_MESSAGES } from '../ceiling/guard';

/** What 用户管理 says when it refuses (the writes, the import, the third-party accounts). */
export const USER_ADMIN_MESSAGES = {
  notFound: '用户不存在或已删除',
  loginNameTaken: '该登录名已被使用，请更换',
  phoneTaken: '该手机号码已被其他账号使用',
  roleNotFound: '所选角色不存在，请刷新后重试',
  roleBeyondOwn: CEILING_MESSAGES.roleGiven,
  roleBeyondScope: (name: string) => `角色「${name}」的数据权限超出您本人的范围，不能授予或收回`,
  deleteSelf: '不能删除当前登录的账号',
  orgNotFound: '所选机构不存在，请刷新后重试',
  orgBeyondScope: '所选机构不在您的数据权限范围内',
  postNotFound: '所选岗位不存在或已停用，请刷新后重试',
  freezeSelf: '不能冻结当前登录的账号',
  password: PASSWORD_MESSAGES.strength,
} as const;
