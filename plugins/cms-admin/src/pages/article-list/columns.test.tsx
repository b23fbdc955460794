import { render, screen } from '@testing-library/react';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import { describe, expect, it } from 'vitest';
import locale from '../../locale/zh-CN';
import { getBannerColumns } from '../banner-list/columns';
import { getArticleColumns } from './columns';

const CATALOGS = [{ label: '交易公告', value: '7' }];
const pick = <T extends { name: string; label: string }>(fields: T[] | undefined, key: keyof T) =>
  (fields ?? []).map((field) => [field.name, field.label, field[key]]);

describe('文章 and 轮播图 columns', () => {
  it('ask 查询 and 高级查询 the same fields, in the same order, whatever columns each list shows', () => {
    for (const list of [getArticleColumns(locale, CATALOGS), getBannerColumns(locale, CATALOGS)]) {
      expect(pick(list.searchFields, 'kind')).toEqual([
        ['title', '标题', 'text'],
        ['catalogId', '栏目', 'select'],
        ['status', '状态', 'select'],
        ['publishTime', '发布时间', 'date'],
      ]);
      expect(list.searchFields?.[1]?.options).toEqual(CATALOGS);
      expect(pick(list.superQueryFields, 'type')).toEqual([
        ['title', '标题', 'text'],
        ['status', '状态', 'code'],
        ['author', '作者', 'text'],
        ['sort', '排序', 'number'],
        ['publishTime', '发布时间', 'date'],
        ['updateTime', '更新时间', 'date'],
      ]);
    }
    expect(getArticleColumns(locale, CATALOGS).columns.map((column) => column.title)).toEqual([
      '标题',
      '栏目',
      '状态',
      '作者',
      '排序',
      '发布时间',
      '更新时间',
    ]);
    expect(getBannerColumns(locale, CATALOGS).columns.map((column) => column.title)).toEqual([
      '图片',
      '标题',
      '栏目',
      '状态',
      '链接地址',
      '排序',
      '更新时间',
    ]);
  });

  it('shows times to the minute in China time, a status as its tag, a draft without a publish time', () => {
    const row = {
      id: '1',
      title: '公告',
      catalogTitle: '交易公告',
      status: '2',
      author: null,
      sort: 0,
      publishTime: '2026-03-18T00:30:00Z',
      updateTime: '2026-03-18T16:05:09Z',
    } as unknown as AdminContentRow;
    const { columns } = getArticleColumns(locale, CATALOGS);
    const cell = (index: string) => {
      const column = columns.find((item) => item.dataIndex === index)!;
      return column.render!((row as unknown as Record<string, unknown>)[index], row, 0);
    };
    render(
      <div>
        <span data-testid="update">{cell('updateTime')}</span>
        <span data-testid="publish">{cell('publishTime')}</span>
        <span data-testid="status">{cell('status')}</span>
        <span data-testid="catalog">{cell('catalogTitle')}</span>
      </div>,
    );
    expect(screen.getByTestId('update')).toHaveTextContent('2026-03-19 00:05');
    expect(screen.getByTestId('publish')).toHaveTextContent('--');
    expect(screen.getByTestId('status')).toHaveTextContent('已撤回');
    expect(screen.getByTestId('catalog')).toHaveTextContent('交易公告');
  });
});
