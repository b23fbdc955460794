import { cmsAdminCalls } from '@cotton/sdk/calls';
import { ContentListPage, type ContentListKind } from '../../components/content-list';
import locale from '../../locale/zh-CN';
import { BannerForm } from './banner-form';
import { getBannerColumns } from './columns';

const BANNERS: ContentListKind = {
  name: 'banner',
  title: locale['banner.title'],
  catalogType: 'BANNER',
  columns: getBannerColumns,
  list: cmsAdminCalls.bannerPage,
  export: cmsAdminCalls.bannerExport,
  defaultSort: { field: 'sort', order: 'asc' },
  storageKey: 'cms-banner-list',
  exportFileName: '轮播图列表.xlsx',
  form: (slot) => <BannerForm t={locale} {...slot} />,
};

/**
 * 内容管理 › 轮播图管理 (`/cms/banner`): the pictures of the BANNER catalogues (the home page's
 * carousel) with their uploaded image and link; 发布 / 撤回, 预览, 删除, export.
 */
export function BannerList() {
  return <ContentListPage kind={BANNERS} />;
}
