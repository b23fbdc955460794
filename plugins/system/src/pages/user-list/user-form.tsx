import { Select, TreeSelect } from '@arco-design/web-react';
import type { AdminFieldContext, AdminFormConfig, AdminFormField } from '@cotton/sdk';
import { LOGIN_NAME_PATTERN, checkNewPassword, validateField } from '@cotton/sdk/validators';
import type { AddUserBody, AdminUserRow, BindableOrg, UpdUserBody, UserBindRoles } from '@cotton/sdk/contracts';
import type { UserListRealm } from '../../api';
import { buildOrgTree, type OrgNode } from '../../components/org-tree';
import type { UserFormValues } from './fields';
import type { UserListLocale } from './locale/zh-CN';

/** The record an edit starts from: the row with what getUserBindRoles answers for the user. */
type LoadedUser = AdminUserRow & Partial<UserBindRoles>;
type UserField = AdminFormField<UserFormValues, AdminUserRow>;
type UserFieldContext = AdminFieldContext<UserFormValues, AdminUserRow>;

interface OrgOption {
  key: string;
  title: string;
  disabled: boolean;
  children?: OrgOption[];
}

/** The organisations as the tree select shows them; those outside the data scope are greyed. */
function orgOptions(nodes: Array<OrgNode<BindableOrg>>): OrgOption[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.name,
    disabled: !node.selectable,
    children: node.children.length > 0 ? orgOptions(node.children) : undefined,
  }));
}

/** The answer of getUserBindRoles a field's control was given (none yet: nothing to offer). */
const bindable = (context: UserFieldContext): UserBindRoles | undefined => context.answer as UserBindRoles | undefined;

/** A check answering the message or nothing, for a text. */
const text = (message: (value: string) => string | null) => (value: unknown) =>
  typeof value === 'string' && value !== '' ? message(value) : null;

/**
 * 新增用户 / 编辑用户, declared: the roles a caller may grant, the organisations (those outside
 * the caller's data scope greyed) and the posts come from getUserBindRoles — for an existing
 * user with those held, which the edit starts from (the same request: `load` and the options
 * share it). An enterprise's accounts have no organisation or posts.
 */
export function userForm(t: UserListLocale, realm: UserListRealm): AdminFormConfig<AdminUserRow, UserFormValues> {
  const bindRoles = {
    call: realm.calls.bindRoles,
    body: (row: AdminUserRow | null) => (row ? { id: row.id } : {}),
  };
  const fields: UserField[] = [
    {
      name: 'loginName',
      label: t['userList.fields.loginName'],
      type: 'text',
      required: t['userList.rules.loginNameRequired'],
      pattern: { match: LOGIN_NAME_PATTERN, message: t['userList.rules.loginName'] },
      maxLength: 32,
      // Asked as the field is left (the login name is fixed once created).
      unique: { tableName: 'sys_users', fieldName: 'loginName' },
      readOnlyOnEdit: true,
      refusal: ['loginName'],
    },
    {
      name: 'realname',
      label: t['userList.fields.realname'],
      type: 'text',
      required: t['userList.rules.realnameRequired'],
      maxLength: 32,
      check: text((value) => (value.trim().length > 32 ? t['userList.rules.realnameLength'] : null)),
      refusal: ['realname'],
    },
    {
      name: 'phone',
      label: t['userList.fields.phone'],
      type: 'text',
      maxLength: 11,
      check: text((value) => validateField('mobile', value)),
      refusal: ['phone'],
    },
    {
      name: 'email',
      label: t['userList.fields.email'],
      type: 'text',
      maxLength: 128,
      check: text((value) => validateField('email', value)),
      refusal: ['email'],
    },
    {
      name: 'password',
      label: t['userList.fields.password'],
      type: 'password',
      only: 'add',
      required: t['userList.rules.passwordRequired'],
      maxLength: 20,
      check: text((value) => checkNewPassword(value, undefined)),
      refusal: ['password'],
    },
    {
      name: 'orgId',
      label: t['userList.fields.org'],
      type: 'select',
      options: {
        ...bindRoles,
        options: (answer: UserBindRoles) => answer.orgs.map(({ id, name }) => ({ label: name, value: id })),
      },
      refusal: ['orgId'],
      render: (context) => (
        <TreeSelect
          allowClear
          placeholder={t['userList.form.orgPlaceholder']}
          treeData={orgOptions(buildOrgTree(bindable(context)?.orgs ?? []))}
          data-testid="user-form-org"
        />
      ),
    },
    {
      name: 'postIds',
      label: t['userList.fields.posts'],
      type: 'multiselect',
      options: {
        ...bindRoles,
        options: (answer: UserBindRoles) => answer.posts.map(({ id, name }) => ({ label: name, value: id })),
      },
      refusal: ['postIds'],
      // A disabled post stays with a user who holds it, but is not given anew.
      render: (context) => (
        <Select
          mode="multiple"
          allowClear
          placeholder={t['userList.form.postsPlaceholder']}
          data-testid="user-form-posts"
          options={(bindable(context)?.posts ?? []).map((post) => ({
            label: post.disabled ? `${post.name}${t['userList.form.postDisabled']}` : post.name,
            value: post.id,
            disabled: post.disabled,
          }))}
        />
      ),
    },
    {
      name: 'roleIds',
      label: t['userList.fields.roles'],
      type: 'multiselect',
      placeholder: t['userList.form.rolesPlaceholder'],
      testId: 'user-form-roles',
      // The roles this caller may grant (the server's ceiling).
      options: {
        ...bindRoles,
        options: (answer: UserBindRoles) => answer.roles.map(({ id, name }) => ({ label: name, value: id })),
      },
      refusal: ['roleIds'],
    },
  ];
  const common = (values: UserFormValues) => ({
    realname: values.realname ?? '',
    phone: values.phone ?? null,
    email: values.email ?? null,
    roleIds: values.roleIds ?? [],
    orgId: values.orgId ?? null,
    postIds: values.postIds ?? [],
  });
  return {
    noun: '用户',
    // An enterprise's accounts are in no organisation and hold no posts.
    fields: realm.centre ? fields : fields.filter((field) => field.name !== 'orgId' && field.name !== 'postIds'),
    load: { call: realm.calls.bindRoles, body: (row) => ({ id: row.id }) },
    values: (row) => {
      const user = row as LoadedUser;
      return {
        loginName: user.loginName,
        realname: user.realname,
        phone: user.phone ?? '',
        email: user.email ?? '',
        roleIds: user.boundRoleIds ?? [],
        orgId: user.boundOrgId ?? undefined,
        postIds: user.boundPostIds ?? [],
      };
    },
    add: {
      call: realm.calls.add,
      body: (values): AddUserBody => ({
        loginName: values.loginName ?? '',
        password: values.password ?? '',
        ...common(values),
      }),
    },
    update: { call: realm.calls.update, body: (values, row): UpdUserBody => ({ id: row.id, ...common(values) }) },
    savedText: t['userList.saved'],
  };
}
