import { useEffect, useState } from 'react';
import { Form, Input, Message, Select, TreeSelect } from '@arco-design/web-react';
import { fillText, FormDrawer, refusedField, toApiError } from '@cotton/sdk';
import { trimmed } from '@cotton/sdk/validators';
import type { AdminUserRow, BindableOrg, BindablePost, BindableRole } from '@cotton/sdk/contracts';
import { addUser, CENTRE_USERS, queryUserBindRoles, updateUser, type UserListRealm } from '../../api';
import { buildOrgTree, type OrgNode } from '../../components/org-tree';
import { getFormFields } from './fields';
import type { UserFormField, UserFormValues } from './fields';
import type { UserListLocale } from './locale/zh-CN';

export interface UserFormDrawerProps {
  t: UserListLocale;
  visible: boolean;
  /** The user edited; `null` adds one. */
  user: AdminUserRow | null;
  onClose: () => void;
  /** After a successful save. */
  onSaved: () => void;
  /** Whose accounts (the centre's by default; an enterprise's have no organisation or posts). */
  realm?: UserListRealm;
}

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

/** Empty optional texts go as null. */
const optional = (value: string | undefined) => trimmed(value) || null;

/**
 * 新增用户 / 编辑用户: the fields of `getFormFields` with their rules; the roles come from
 * getUserBindRoles (for an existing user, those held are checked). The server's refusal is
 * shown under the field it names, else above the fields.
 */
export function UserFormDrawer({ t, visible, user, onClose, onSaved, realm = CENTRE_USERS }: UserFormDrawerProps) {
  const [form] = Form.useForm<UserFormValues>();
  const [roles, setRoles] = useState<BindableRole[]>([]);
  const [orgs, setOrgs] = useState<BindableOrg[]>([]);
  const [posts, setPosts] = useState<BindablePost[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = user !== null;
  const fields = getFormFields(t).filter(
    (field) => !(editing && field.addOnly) && (realm.centre || (field.kind !== 'org' && field.kind !== 'posts')),
  );

  useEffect(() => {
    if (!visible) return;
    let live = true;
    setError(null);
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        loginName: user.loginName,
        realname: user.realname,
        phone: user.phone ?? '',
        email: user.email ?? '',
      });
    }
    queryUserBindRoles(user?.id, realm)
      .then((answer) => {
        if (!live) return;
        setRoles(answer.roles);
        setOrgs(answer.orgs);
        setPosts(answer.posts);
        if (user) {
          form.setFieldsValue({
            roleIds: answer.boundRoleIds,
            orgId: answer.boundOrgId ?? undefined,
            postIds: answer.boundPostIds,
          });
        }
      })
      .catch((failure: unknown) => {
        const apiError = toApiError(failure);
        if (live && !apiError.handled)
          setError(fillText(t['userList.form.rolesFailed'], { message: apiError.message }));
      });
    return () => {
      live = false;
    };
  }, [visible, user, form, t, realm]);

  async function save() {
    let values: UserFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const common = {
        realname: trimmed(values.realname),
        phone: optional(values.phone),
        email: optional(values.email),
        roleIds: values.roleIds ?? [],
        orgId: values.orgId ? values.orgId : null,
        postIds: values.postIds ?? [],
      };
      if (user) await updateUser({ id: user.id, ...common }, realm);
      else await addUser({ loginName: trimmed(values.loginName), password: values.password ?? '', ...common }, realm);
      Message.success(t['userList.saved']);
      onSaved();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.handled) return;
      // A refusal that names a field (登录名已存在…, 参数错误：email …) goes under it.
      const field = refusedField(
        apiError.message,
        fields.map((candidate) => ({ field: candidate.field, names: [candidate.label, candidate.field] })),
      );
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } });
      else setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  function control(field: UserFormField) {
    if (field.kind === 'org') {
      return (
        <TreeSelect
          allowClear
          placeholder={t['userList.form.orgPlaceholder']}
          treeData={orgOptions(buildOrgTree(orgs))}
          data-testid="user-form-org"
        />
      );
    }
    if (field.kind === 'posts') {
      return (
        <Select
          mode="multiple"
          allowClear
          placeholder={t['userList.form.postsPlaceholder']}
          data-testid="user-form-posts"
          options={posts.map((post) => ({
            label: post.disabled ? `${post.name}${t['userList.form.postDisabled']}` : post.name,
            value: post.id,
            disabled: post.disabled,
          }))}
        />
      );
    }
    if (field.kind === 'roles') {
      return (
        <Select
          mode="multiple"
          allowClear
          placeholder={t['userList.form.rolesPlaceholder']}
          data-testid="user-form-roles"
          options={roles.map((role) => ({ label: role.name, value: role.id }))}
        />
      );
    }
    if (field.kind === 'password') {
      return (
        <Input.Password maxLength={field.maxLength} placeholder={`请输入${field.label}`} autoComplete="new-password" />
      );
    }
    return (
      <Input maxLength={field.maxLength} disabled={editing && field.fixedOnEdit} placeholder={`请输入${field.label}`} />
    );
  }

  return (
    <FormDrawer
      testId="user-form"
      title={editing ? t['userList.form.editTitle'] : t['userList.form.addTitle']}
      visible={visible}
      saving={saving}
      error={error}
      saveText={t['userList.form.save']}
      cancelText={t['userList.form.cancel']}
      onClose={onClose}
      onSave={() => void save()}
    >
      <Form<UserFormValues> form={form} layout="vertical">
        {fields.map((field) => (
          <Form.Item
            key={field.field}
            field={field.field}
            label={field.label}
            required={field.required}
            rules={editing && field.fixedOnEdit ? [] : field.rules}
            validateTrigger={['onBlur']}
          >
            {control(field)}
          </Form.Item>
        ))}
      </Form>
    </FormDrawer>
  );
}
