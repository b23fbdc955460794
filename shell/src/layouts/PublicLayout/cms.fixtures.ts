import { cmsCalls } from '@cotton/sdk/calls';
import type { CatalogItem, ContentBrief } from '@cotton/sdk/contracts';

const item = (id: string, code: string, title: string, extra: Partial<CatalogItem> = {}): CatalogItem => ({
  id,
  code,
  title,
  catalogType: 'COLUMN',
  parentId: '5',
  parentCode: 'userCenter',
  rootCode: 'serviceCenter',
  sort: Number(id),
  openType: 'INTERNAL_OPEN',
  linkType: 'COLUMN_LINK',
  linkUrl: null,
  contentId: null,
  description: null,
  catalogTemplateEntity: { templateCode: 'service', templateName: '服务中心', componentPath: '/service' },
  ...extra,
});

const article = (id: string, title: string, catalogCode: string): ContentBrief => ({
  id,
  catalogId: '1',
  catalogCode,
  catalogTitle: catalogCode,
  title,
  summary: null,
  contentType: 'ARTICLE',
  coverUrl: null,
  linkUrl: null,
  author: null,
  source: null,
  publishTime: '2025-01-01 00:00:00',
  sort: 0,
});

/** Test answers of the content-management calls the layout makes. */
export const USER_CENTER_ITEMS: CatalogItem[] = [
  item('6', 'registerGuide', '注册指南'),
  item('7', 'tradeRules', '交易规则'),
  item('8', 'feeStandard', '收费标准', { linkType: 'CONTENT_LINK', contentId: '25' }),
  item('9', 'faq', '常见问题'),
];

export const HELP_ARTICLES: ContentBrief[] = [
  article('21', '忘记登录密码怎么办？', 'faq'),
  article('30', '联系我们', 'contactUs'),
  article('12', '企业会员注册流程', 'registerGuide'),
  article('15', '违约处理办法', 'tradeRules'),
  article('26', '棉花出库提货流程', 'supervisionGuide'),
];

export function cmsAnswers() {
  return async (call: unknown) => {
    if (call === cmsCalls.catalogList) return { result: USER_CENTER_ITEMS, totalCount: 5 };
    if (call === cmsCalls.randomContents) return { result: HELP_ARTICLES };
    throw new Error(`unexpected call ${JSON.stringify(call)}`);
  };
}
