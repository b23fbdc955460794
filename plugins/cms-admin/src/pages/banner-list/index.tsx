import type { AdminFormConfig } from '@cotton/sdk';
import type { AddContentBody, AdminCatalogRow, AdminContentRow } from '@cotton/sdk/contracts';
import { cmsAdminCalls } from '@cotton/sdk/calls';
import { CMS_LINK_PATTERN } from '@cotton/sdk/validators';
import { catalogOptions } from '../../components/use-catalogs';
import { ContentListPage, type ContentListKind } from '../../components/content-list';
import locale from '../../locale/zh-CN';
import { getBannerColumns } from './columns';
import { CoverUpload } from './cover-upload';

const t = locale;

/** 新增轮播图 / 编辑轮播图 (the whole content fetched first): catalogue (a BANNER one), title, the uploaded image, where it leads, order. */
function bannerForm(catalogs: AdminCatalogRow[]): AdminFormConfig<AdminContentRow, AddContentBody> {
  const options = catalogOptions(catalogs, 'BANNER');
  return {
    noun: t['banner.noun'],
    width: 560,
    load: { call: cmsAdminCalls.contentDetail },
    fields: [
      {
        name: 'catalogId',
        label: t['common.catalog'],
        type: 'select',
        required: t['article.rules.catalog'],
        options,
        initialValue: options[0]?.value,
      },
      { name: 'title', label: t['common.title'], type: 'text', required: t['article.rules.title'], maxLength: 128 },
      {
        name: 'coverUrl',
        label: t['banner.image'],
        type: 'text',
        required: t['banner.rules.image'],
        render: ({ row }) => <CoverUpload t={t} row={row} />,
      },
      {
        name: 'linkUrl',
        label: t['banner.linkUrl'],
        type: 'text',
        maxLength: 256,
        placeholder: '/service 或 https://…',
        rules: [
          {
            validator: (value, callback) =>
              callback(
                typeof value !== 'string' || value.trim() === '' || CMS_LINK_PATTERN.test(value.trim())
                  ? undefined
                  : t['banner.rules.link'],
              ),
          },
        ],
      },
      { name: 'sort', label: t['common.sort'], type: 'number', max: 9999, initialValue: 0 },
    ],
    add: { call: cmsAdminCalls.contentAdd },
    update: { call: cmsAdminCalls.contentUpdate },
  };
}

const BANNERS: ContentListKind = {
  name: 'banner',
  title: t['banner.title'],
  catalogType: 'BANNER',
  columns: getBannerColumns,
  list: cmsAdminCalls.bannerPage,
  export: cmsAdminCalls.bannerExport,
  defaultSort: { field: 'sort', order: 'asc' },
  storageKey: 'cms-banner-list',
  exportFileName: '轮播图列表.xlsx',
  form: bannerForm,
};

/**
 * 内容管理 › 轮播图管理 (`/cms/banner`): the pictures of the BANNER catalogues (the home page's
 * carousel) with their uploaded image and link; 发布 / 撤回, 预览, 删除, export.
 */
export function BannerList() {
  return <ContentListPage kind={BANNERS} />;
}
