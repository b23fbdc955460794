import type { CatalogNode, ContentBrief, ContentDetail } from '@cotton/sdk/contracts';

export function node(overrides: Partial<CatalogNode> & Pick<CatalogNode, 'id' | 'code' | 'title'>): CatalogNode {
  return {
    catalogType: 'COLUMN',
    parentId: null,
    parentCode: null,
    rootCode: 'serviceCenter',
    sort: 1,
    openType: 'INTERNAL_OPEN',
    linkType: 'COLUMN_LINK',
    linkUrl: null,
    contentId: null,
    description: null,
    catalogTemplateEntity: { templateCode: 'servicePage', templateName: '服务中心模板', componentPath: '/service' },
    children: [],
    ...overrides,
  };
}

export const SERVICE_TREE: CatalogNode = node({
  id: '4',
  code: 'serviceCenter',
  title: '服务中心',
  children: [
    node({
      id: '5',
      code: 'userCenter',
      title: '用户中心',
      children: [
        node({ id: '6', code: 'registerGuide', title: '注册指南' }),
        node({ id: '7', code: 'faq', title: '常见问题' }),
        node({ id: '8', code: 'contactUs', title: '联系我们', linkType: 'CONTENT_LINK', contentId: '30' }),
      ],
    }),
  ],
});

export function brief(overrides: Partial<ContentBrief> & Pick<ContentBrief, 'id' | 'title'>): ContentBrief {
  return {
    catalogId: '7',
    catalogCode: 'faq',
    catalogTitle: '常见问题',
    summary: null,
    contentType: 'ARTICLE',
    coverUrl: null,
    linkUrl: null,
    author: '张明',
    source: '全国棉花交易市场',
    publishTime: '2026-01-20 09:30:00',
    sort: 0,
    ...overrides,
  };
}

export function detail(overrides: Partial<ContentDetail> & Pick<ContentDetail, 'id' | 'title'>): ContentDetail {
  return {
    ...brief(overrides),
    body: '<p>正文</p>',
    catalogPath: [],
    rootCode: 'serviceCenter',
    prev: null,
    next: null,
    ...overrides,
  };
}
