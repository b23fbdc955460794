import type { CmsCatalogItem, CmsContentBrief } from './cms';

const item = (id: string, code: string, title: string, extra: Partial<CmsCatalogItem> = {}): CmsCatalogItem => ({
  id,
  code,
  title,
  rootCode: 'serviceCenter',
  openType: 'INTERNAL_OPEN',
  linkType: 'COLUMN_LINK',
  linkUrl: null,
  contentId: null,
  catalogTemplateEntity: { componentPath: '/service' },
  ...extra,
});

/** Test answers of the content-management calls the layout makes. */
export const USER_CENTER_ITEMS: CmsCatalogItem[] = [
  item('6', 'registerGuide', '注册指南'),
  item('7', 'tradeRules', '交易规则'),
  item('8', 'feeStandard', '收费标准', { linkType: 'CONTENT_LINK', contentId: '25' }),
  item('9', 'faq', '常见问题'),
];

export const HELP_ARTICLES: CmsContentBrief[] = [
  { id: '21', title: '忘记登录密码怎么办？', catalogCode: 'faq' },
  { id: '30', title: '联系我们', catalogCode: 'contactUs' },
  { id: '12', title: '企业会员注册流程', catalogCode: 'registerGuide' },
  { id: '15', title: '违约处理办法', catalogCode: 'tradeRules' },
  { id: '26', title: '棉花出库提货流程', catalogCode: 'supervisionGuide' },
];

export function cmsAnswers() {
  return async (url: string) => {
    if (url === '/rest/cmsCatalog/queryCatalogList') return { result: USER_CENTER_ITEMS, totalCount: 5 };
    if (url === '/rest/cmsContent/randomContents') return { result: HELP_ARTICLES };
    throw new Error(`unexpected call ${url}`);
  };
}
