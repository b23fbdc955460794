import type { ReactNode } from 'react';
import type { AddRegionBody, AdminRegionRow } from '@cotton/sdk/contracts';
import type { AdminColumn, AdminFormConfig, ListColumn, ListOption } from '@cotton/sdk';
import { regionAdminCalls } from '@cotton/sdk/calls';
import { REGION_CODE_PATTERN } from '@cotton/sdk/validators';
import { STATUS_OPTIONS, StatusTag } from '../../components/status';
import type { RegionListLocale } from './locale/zh-CN';

/** The country: its children are the provinces (it is no row of the tree). */
export const ROOT_CODE = '100000';

const LEVEL_KEYS = { 1: 'regionList.level.1', 2: 'regionList.level.2', 3: 'regionList.level.3' } as const;

function levelOf(t: RegionListLocale, row: AdminRegionRow): string {
  return t[LEVEL_KEYS[row.level as 1 | 2 | 3]] ?? String(row.level);
}

function levelOptions(t: RegionListLocale): ListOption[] {
  return ([1, 2, 3] as const).map((level) => ({ label: t[LEVEL_KEYS[level]], value: String(level) }));
}

/**
 * The tree table's columns, the name indented by depth; `status` draws the 启用 / 停用 switch.
 * 高级查询 offers those the server's region list allows (its allow-list checks them again).
 */
export function getRegionColumns(
  t: RegionListLocale,
  status: (row: AdminRegionRow) => ReactNode,
): AdminColumn<AdminRegionRow>[] {
  return [
    { title: t['regionList.fields.name'], dataIndex: 'name', width: 240, query: 'text' },
    { title: t['regionList.fields.code'], dataIndex: 'code', width: 110, query: 'text' },
    { title: t['regionList.fields.level'], dataIndex: 'level', width: 90, options: levelOptions(t), query: 'code' },
    { title: t['regionList.fields.sort'], dataIndex: 'sort', width: 80, query: 'number' },
    {
      title: t['regionList.fields.status'],
      dataIndex: 'status',
      width: 100,
      options: STATUS_OPTIONS,
      query: 'code',
      render: (_, row) => status(row),
    },
    { title: t['regionList.fields.childCount'], dataIndex: 'childCount', width: 100 },
  ];
}

/** 详情's lines: the parent (by name when loaded), the level, and the status as a tag. */
export function getRegionDetailColumns(
  t: RegionListLocale,
  rows: readonly AdminRegionRow[],
): ListColumn<AdminRegionRow>[] {
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return [
    { title: t['regionList.fields.name'], dataIndex: 'name' },
    { title: t['regionList.fields.code'], dataIndex: 'code' },
    {
      title: t['regionList.form.parent'],
      dataIndex: 'parentCode',
      render: (_, row) => {
        if (!row.parentCode || row.parentCode === ROOT_CODE) return t['regionList.root'];
        const parent = byCode.get(row.parentCode);
        return parent ? `${parent.name}（${parent.code}）` : row.parentCode;
      },
    },
    { title: t['regionList.fields.level'], dataIndex: 'level', render: (_, row) => levelOf(t, row) },
    { title: t['regionList.fields.sort'], dataIndex: 'sort' },
    {
      title: t['regionList.fields.status'],
      dataIndex: 'status',
      render: (_, row) => <StatusTag status={row.status} />,
    },
    { title: t['regionList.fields.childCount'], dataIndex: 'childCount' },
  ];
}

/** 新增区域 (under the row whose 新增下级 was pressed; the server checks the code's shape against it) / 编辑区域 (name and order). */
export function getRegionForm(t: RegionListLocale): AdminFormConfig<AdminRegionRow, AddRegionBody> {
  return {
    noun: t['regionList.noun'],
    fields: [
      {
        name: 'code',
        label: t['regionList.fields.code'],
        unique: { tableName: 'regions', fieldName: 'code' },
        type: 'text',
        required: t['regionList.rules.codeRequired'],
        pattern: { match: REGION_CODE_PATTERN, message: t['regionList.rules.code'] },
        maxLength: 6,
        readOnlyOnEdit: true,
        hint: t['regionList.form.codeHint'],
        refusal: ['代码'],
      },
      {
        name: 'name',
        label: t['regionList.fields.name'],
        // Among the children of the parent (fixed where 新增下级 was pressed; an edit keeps its own).
        unique: { tableName: 'regions', fieldName: 'name', withinField: 'parentCode' },
        type: 'text',
        required: t['regionList.rules.nameRequired'],
        maxLength: 64,
        refusal: ['同名'],
      },
      { name: 'sort', label: t['regionList.fields.sort'], type: 'number', max: 9999, initialValue: 0 },
    ],
    add: { call: regionAdminCalls.add },
    // The code is fixed: name and order.
    update: {
      call: regionAdminCalls.update,
      body: (values, row) => ({ code: row.code, name: values.name, sort: values.sort ?? 0 }),
    },
  };
}
