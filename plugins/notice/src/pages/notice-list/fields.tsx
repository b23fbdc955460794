import { Typography } from '@arco-design/web-react';
import type { AdminFormConfig, ListOption } from '@cotton/sdk';
import type { AddNoticeBody, AdminNoticeRow, NoticeDetail, NoticeTargets } from '@cotton/sdk/contracts';
import { noticeCalls } from '@cotton/sdk/calls';
import { UserSelect } from './user-select';
import type { NoticeListLocale } from './locale/zh-CN';

/** The search form's values (the list's `filters`). */
export interface NoticeFilters {
  title?: string;
  type?: string;
  status?: string;
}

export function typeOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.type.notice'], value: '1' },
    { label: t['noticeList.type.announcement'], value: '2' },
  ];
}

export function audienceOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.audience.all'], value: 'all' },
    { label: t['noticeList.audience.users'], value: 'users' },
    { label: t['noticeList.audience.roles'], value: 'roles' },
  ];
}

export function statusOptions(t: NoticeListLocale): ListOption[] {
  return [
    { label: t['noticeList.status.draft'], value: '0' },
    { label: t['noticeList.status.published'], value: '1' },
    { label: t['noticeList.status.withdrawn'], value: '2' },
  ];
}

/**
 * 新增通知 / 编辑通知 (a draft or a withdrawn notice, fetched whole first): title, type, audience
 * (everyone, chosen users searched by name, chosen roles) and the plain-text body. Saved as a
 * draft: publishing is the list's 发布.
 */
export function getNoticeForm(t: NoticeListLocale): AdminFormConfig<AdminNoticeRow, AddNoticeBody> {
  const targets = { call: noticeCalls.targets, body: {} };
  const detail = (row: AdminNoticeRow | null) => row as (AdminNoticeRow & Partial<NoticeDetail>) | null;
  return {
    noun: t['noticeList.noun'],
    width: 560,
    saveText: t['noticeList.form.save'],
    load: { call: noticeCalls.detail },
    intro: () => <Typography.Paragraph type="secondary">{t['noticeList.form.hint']}</Typography.Paragraph>,
    values: (row) => ({
      ...row,
      type: row.type === '2' ? '2' : '1',
      audience: row.audience === 'users' || row.audience === 'roles' ? row.audience : 'all',
      userIds: detail(row)?.users?.map((user) => user.id) ?? [],
      roleIds: detail(row)?.roles?.map((role) => role.id) ?? [],
    }),
    fields: [
      { name: 'title', label: t['noticeList.fields.title'], type: 'text', required: true, maxLength: 100 },
      { name: 'type', label: t['noticeList.fields.type'], type: 'radio', options: typeOptions(t), initialValue: '1' },
      {
        name: 'audience',
        label: t['noticeList.fields.audience'],
        type: 'radio',
        options: audienceOptions(t),
        initialValue: 'all',
        testId: 'notice-form-audience',
      },
      {
        name: 'userIds',
        label: t['noticeList.fields.users'],
        type: 'multiselect',
        required: t['noticeList.rules.usersRequired'],
        when: (values) => values.audience === 'users',
        options: { ...targets, options: (answer: NoticeTargets) => toOptions(answer.users) },
        render: ({ options, row }) => (
          <UserSelect
            first={options}
            chosen={toOptions(detail(row)?.users ?? [])}
            placeholder={t['noticeList.form.usersPlaceholder']}
          />
        ),
      },
      {
        name: 'roleIds',
        label: t['noticeList.fields.roles'],
        type: 'multiselect',
        required: t['noticeList.rules.rolesRequired'],
        when: (values) => values.audience === 'roles',
        placeholder: t['noticeList.form.rolesPlaceholder'],
        testId: 'notice-form-roles',
        options: { ...targets, options: (answer: NoticeTargets) => toOptions(answer.roles) },
      },
      { name: 'content', label: t['noticeList.fields.content'], type: 'textarea', required: true, maxLength: 4000 },
    ],
    add: { call: noticeCalls.add },
    update: { call: noticeCalls.update },
  };
}

function toOptions(targets: readonly { id: string; name: string }[]): ListOption[] {
  return targets.map((target) => ({ label: target.name, value: target.id }));
}
