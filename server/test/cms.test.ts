import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsCatalogs, cmsContents } from '../src/db/schema/index';
import { htmlToText, safeImageUrl, safeLinkUrl, sanitizeArticleHtml } from '../src/modules/cms/sanitize';
import type { CatalogItem, CatalogNode, ContentBrief, ContentDetail, Site } from '@cotton/sdk/contracts';
import { snippetAround } from '../src/modules/cms/service';
import { CMS_CONTENTS } from '../src/seed/cms';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

async function ok<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await server.post<T>(path, body);
  expect(response.status).toBe(200);
  expect(response.envelope.rtnMessage).toBe('成功');
  expect(response.envelope.rtnCode).toBe('0000');
  return response.envelope.dataSet;
}

async function fails(path: string, body: unknown, code: string, message?: string | RegExp) {
  const response = await server.post(path, body);
  expect(response.status).toBe(200);
  expect(response.envelope.rtnCode).toBe(code);
  expect(response.envelope.dataSet).toBeNull();
  if (typeof message === 'string') expect(response.envelope.rtnMessage).toBe(message);
  else if (message) expect(response.envelope.rtnMessage).toMatch(message);
}

const seededIn = (catalog: string) => CMS_CONTENTS.filter((content) => content.catalog === catalog);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sanitising article HTML', () => {
  const MALICIOUS = [
    '<h3 onclick="steal()">标题</h3>',
    '<script>alert(1)</script>',
    '<p style="position:fixed;top:0;left:0;width:100%;z-index:9999;text-align:center">正文</p>',
    '<a href="javascript:alert(1)">坏链接</a>',
    '<a href="https://example.com/a" target="_blank">好链接</a>',
    '<img src="x" onerror="alert(1)"><img src="javascript:alert(1)"><img src="/cms/banner-1.svg" alt="图">',
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    '<form action="/x"><input name="a"></form><svg onload="alert(1)"></svg>',
    '<table><tr><td colspan="2" onmouseover="x()">单元格</td></tr></table>',
  ].join('');

  it('removes scripts, event handlers, javascript: URLs, frames, forms and layout-breaking styles', () => {
    const clean = sanitizeArticleHtml(MALICIOUS);
    expect(clean).not.toMatch(
      /<script|<style|<iframe|<form|<input|<svg|onclick|onerror|onload|onmouseover|javascript:/i,
    );
    expect(clean).not.toMatch(/position|z-index|width:100%/);
    expect(clean).toContain('<h3>标题</h3>');
    expect(clean).toContain('<p style="text-align:center">正文</p>');
    expect(clean).toContain('<a>坏链接</a>');
    expect(clean).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">好链接</a>');
    expect(clean).toContain('<img src="/cms/banner-1.svg" alt="图" />');
    expect(clean).toContain('<td colspan="2">单元格</td>');
    expect(clean).not.toContain('alert');
  });

  it('turns HTML into searchable text and keeps only safe link and image URLs', () => {
    expect(htmlToText('<p>棉花&nbsp;<b>仓单</b></p><script>x()</script><p>查询 &amp; 交易</p>')).toBe(
      '棉花 仓单查询 & 交易',
    );
    expect(safeLinkUrl('/warehouse')).toBe('/warehouse');
    expect(safeLinkUrl('https://example.com/')).toBe('https://example.com/');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('//evil.example')).toBeNull();
    expect(safeImageUrl('data:image/svg+xml;base64,AAAA')).toBe('data:image/svg+xml;base64,AAAA');
    expect(safeImageUrl('data:text/html,<script>')).toBeNull();
  });

  it('stores a malicious body clean when content is written through the seed path', async () => {
    const [catalog] = await server.db.select().from(cmsCatalogs).where(eq(cmsCatalogs.code, 'news'));
    const body = sanitizeArticleHtml(MALICIOUS);
    const [row] = await server.db
      .insert(cmsContents)
      .values({
        catalogId: catalog.id,
        title: '安全测试',
        contentType: 'ARTICLE',
        body,
        bodyText: htmlToText(body),
        publishTime: new Date('2020-01-01T00:00:00Z'),
        status: '1',
      })
      .returning({ id: cmsContents.id });
    try {
      const { result } = await ok<{ result: ContentDetail }>('/rest/cmsContent/contentDetail', { id: String(row.id) });
      expect(result.body).not.toMatch(/<script|onerror|onclick|javascript:/i);
      expect(result.body).toContain('好链接');
    } finally {
      await server.db.delete(cmsContents).where(eq(cmsContents.id, row.id));
    }
  });

  it('every seeded body is already clean', async () => {
    const rows = await server.db.select({ body: cmsContents.body }).from(cmsContents);
    expect(rows.length).toBe(CMS_CONTENTS.length);
    for (const { body } of rows) expect(sanitizeArticleHtml(body)).toBe(body);
  });
});

describe('sites', () => {
  it('/rest/cms_site/querySiteDetailInfo gives the default site, or the one named', async () => {
    const { result } = await ok<{ result: Site }>('/rest/cms_site/querySiteDetailInfo', {});
    expect(result).toMatchObject({ siteCode: 'cotton', siteName: '全国棉花交易市场', displayName: '全国棉花交易市场' });
    const byCode = await ok<{ result: Site }>('/rest/cms_site/querySiteDetailInfo', { siteCode: 'cotton' });
    expect(byCode.result.id).toBe(result.id);
    const byId = await ok<{ result: Site }>('/rest/cms_site/querySiteDetailInfo', { siteId: result.id });
    expect(byId.result.siteCode).toBe('cotton');
  });

  it('unknown or malformed site → 404 / 400', async () => {
    await fails('/rest/cms_site/querySiteDetailInfo', { siteCode: 'nosuch' }, '404', '站点不存在：nosuch');
    await fails('/rest/cms_site/querySiteDetailInfo', { siteCode: '1bad code' }, '400', /siteCode（站点编码）/);
  });

  it('/rest/componentService/querySites filters by siteCodes', async () => {
    expect(
      (await ok<{ result: Site[] }>('/rest/componentService/querySites', { siteCodes: ['cotton'] })).result,
    ).toHaveLength(1);
    expect(
      (await ok<{ result: Site[] }>('/rest/componentService/querySites', { siteCodes: ['other'] })).result,
    ).toEqual([]);
    expect(
      (await ok<{ result: Site[] }>('/rest/componentService/querySites', {})).result.map((s) => s.siteCode),
    ).toEqual(['cotton']);
    await fails(
      '/rest/componentService/querySites',
      { siteCodes: [{}] },
      '400',
      /siteCodes\[0\]（站点编码）应为字符串/,
    );
  });
});

describe('catalogues', () => {
  it('queryCatalogTree: the whole site, or one catalogue with its descendants, in sort order', async () => {
    const { result } = await ok<{ result: CatalogNode[] }>('/rest/cmsCatalog/queryCatalogTree', {});
    expect(result.map((node) => node.code)).toEqual(['banner', 'news', 'notice', 'serviceCenter', 'aboutUs']);
    const service = await ok<{ result: CatalogNode[] }>('/rest/cmsCatalog/queryCatalogTree', { code: 'serviceCenter' });
    expect(service.result).toHaveLength(1);
    const [root] = service.result;
    expect(root.children.map((node) => node.title)).toEqual(['用户中心', '业务指南']);
    const userCenter = root.children[0];
    expect(userCenter.children.map((node) => node.title)).toEqual([
      '注册指南',
      '交易规则',
      '收费标准',
      '常见问题',
      '联系我们',
    ]);
    const contact = userCenter.children[4];
    expect(contact).toMatchObject({
      code: 'contactUs',
      parentCode: 'userCenter',
      rootCode: 'serviceCenter',
      linkType: 'CONTENT_LINK',
      openType: 'INTERNAL_OPEN',
      catalogTemplateEntity: { componentPath: '/service', templateCode: 'servicePage' },
    });
    expect(contact.contentId).toMatch(/^\d+$/);
    expect(contact).not.toHaveProperty('catalogContentList');
  });

  it('queryCatalogTree filters by catalogType', async () => {
    const { result } = await ok<{ result: CatalogNode[] }>('/rest/cmsCatalog/queryCatalogTree', {
      siteCode: 'cotton',
      catalogType: 'BANNER',
    });
    expect(result.map((node) => node.code)).toEqual(['banner']);
    await fails(
      '/rest/cmsCatalog/queryCatalogTree',
      { catalogType: 'PAGE' },
      '400',
      '参数错误：catalogType（栏目类型）只能是 COLUMN、BANNER',
    );
  });

  it('queryCatalogTreeWithComponent adds each catalogue’s contents', async () => {
    const { result } = await ok<{ result: CatalogNode[] }>('/rest/cmsCatalog/queryCatalogTreeWithComponent', {
      code: 'userCenter',
    });
    const faq = result[0].children.find((node) => node.code === 'faq')!;
    expect(faq.catalogContentList!.map((content) => content.title)).toEqual(
      seededIn('faq').map((content) => content.title),
    );
    expect(result[0].catalogContentList).toEqual([]);
  });

  it('queryCatalogList: direct children, paged when ifPage', async () => {
    const all = await ok<{ result: CatalogItem[]; totalCount: number }>('/rest/cmsCatalog/queryCatalogList', {
      code: 'userCenter',
    });
    expect(all.totalCount).toBe(5);
    expect(all.result).toHaveLength(5);
    const firstFour = await ok<{ result: CatalogItem[]; totalCount: number }>('/rest/cmsCatalog/queryCatalogList', {
      code: 'userCenter',
      ifPage: true,
      pageParameter: { pageNum: 1, pageSize: 4 },
    });
    expect(firstFour.result.map((item) => item.code)).toEqual(['registerGuide', 'tradeRules', 'feeStandard', 'faq']);
    expect(firstFour.totalCount).toBe(5);
    const second = await ok<{ result: CatalogItem[] }>('/rest/cmsCatalog/queryCatalogList', {
      code: 'userCenter',
      ifPage: true,
      pageParameter: { pageNum: 2, pageSize: 4 },
    });
    expect(second.result.map((item) => item.code)).toEqual(['contactUs']);
    const top = await ok<{ result: CatalogItem[] }>('/rest/cmsCatalog/queryCatalogList', {
      siteCode: 'cotton',
      catalogType: 'COLUMN',
    });
    expect(top.result.map((item) => item.code)).toEqual(['news', 'notice', 'serviceCenter', 'aboutUs']);
  });

  it('unknown catalogue → 404; bad paging → 400', async () => {
    await fails('/rest/cmsCatalog/queryCatalogTree', { code: 'nosuch' }, '404', '栏目不存在：nosuch');
    await fails('/rest/cmsCatalog/queryCatalogTreeWithComponent', { code: 'nosuch' }, '404', '栏目不存在：nosuch');
    await fails('/rest/cmsCatalog/queryCatalogList', { code: 'nosuch' }, '404', '栏目不存在：nosuch');
    await fails(
      '/rest/cmsCatalog/queryCatalogList',
      { code: 'faq', ifPage: true, pageParameter: { pageNum: 0, pageSize: 4 } },
      '400',
      /pageNum（页码）不能小于 1/,
    );
  });
});

describe('contents', () => {
  it('PageCmsContentAndTemService pages a catalogue’s contents, newest first, with the catalogue and template', async () => {
    const news = seededIn('news');
    const first = await ok<{
      catalog: CatalogItem;
      pagination: { result: ContentBrief[]; totalCount: number; pageNum: number; pageSize: number };
    }>('/rest/cmsContent/PageCmsContentAndTemService', { code: 'news', pageParameter: { pageNum: 1, pageSize: 5 } });
    expect(first.catalog).toMatchObject({
      code: 'news',
      title: '新闻动态',
      catalogTemplateEntity: { componentPath: '/service' },
    });
    expect(first.pagination).toMatchObject({ totalCount: news.length, pageNum: 1, pageSize: 5 });
    const expected = [...news].sort((a, b) => a.daysAgo - b.daysAgo).map((content) => content.title);
    expect(first.pagination.result.map((content) => content.title)).toEqual(expected.slice(0, 5));
    const times = first.pagination.result.map((content) => content.publishTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await ok<{ pagination: { result: ContentBrief[] } }>(
      '/rest/cmsContent/PageCmsContentAndTemService',
      {
        catalogId: first.catalog.id,
        pageParameter: { pageNum: 2, pageSize: 5 },
      },
    );
    expect(second.pagination.result.map((content) => content.title)).toEqual(expected.slice(5, 10));
  });

  it('includeChildren adds the descendants’ contents', async () => {
    const own = await ok<{ pagination: { totalCount: number } }>('/rest/cmsContent/PageCmsContentAndTemService', {
      code: 'userCenter',
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(own.pagination.totalCount).toBe(0);
    const all = await ok<{ pagination: { totalCount: number } }>('/rest/cmsContent/PageCmsContentAndTemService', {
      code: 'userCenter',
      includeChildren: true,
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    const children = ['registerGuide', 'tradeRules', 'feeStandard', 'faq', 'contactUs'];
    expect(all.pagination.totalCount).toBe(CMS_CONTENTS.filter((content) => children.includes(content.catalog)).length);
  });

  it('PageCmsContentAndTemService refuses a missing catalogue, an unknown one and bad paging', async () => {
    await fails(
      '/rest/cmsContent/PageCmsContentAndTemService',
      { pageParameter: { pageNum: 1, pageSize: 5 } },
      '400',
      /code（栏目编码）与 catalogId/,
    );
    await fails(
      '/rest/cmsContent/PageCmsContentAndTemService',
      { catalogId: '999999', pageParameter: { pageNum: 1, pageSize: 5 } },
      '404',
      '栏目不存在：999999',
    );
    await fails(
      '/rest/cmsContent/PageCmsContentAndTemService',
      { code: 'news', pageParameter: { pageNum: 1, pageSize: 101 } },
      '400',
      /pageSize（每页条数）不能大于 100/,
    );
  });

  it('contentDetail gives the sanitised body, the catalogue path and the neighbours', async () => {
    const contact = (await ok<{ result: CatalogNode[] }>('/rest/cmsCatalog/queryCatalogTree', { code: 'contactUs' }))
      .result[0];
    const { result } = await ok<{ result: ContentDetail }>('/rest/cmsContent/contentDetail', { id: contact.contentId });
    expect(result).toMatchObject({
      title: '联系我们',
      catalogCode: 'contactUs',
      catalogTitle: '联系我们',
      contentType: 'ARTICLE',
      rootCode: 'serviceCenter',
    });
    expect(result.catalogPath.map((step) => step.title)).toEqual(['服务中心', '用户中心', '联系我们']);
    expect(result.body).toContain('400-009-6618');
    expect(result.body).toContain('乌鲁木齐');
    expect(result.prev).toBeNull();
    expect(result.next).toBeNull();

    const page = await ok<{ pagination: { result: ContentBrief[] } }>('/rest/cmsContent/PageCmsContentAndTemService', {
      code: 'faq',
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    const second = await ok<{ result: ContentDetail }>('/rest/cmsContent/contentDetail', {
      id: page.pagination.result[1].id,
    });
    expect(second.result.prev?.id).toBe(page.pagination.result[0].id);
    expect(second.result.next?.id).toBe(page.pagination.result[2].id);
  });

  it('contentDetail: unknown id → 404, draft → 404, malformed id → 400; numbers are accepted', async () => {
    await fails('/rest/cmsContent/contentDetail', { id: '999999' }, '404', '文章不存在或已撤回');
    await fails('/rest/cmsContent/contentDetail', { id: 'abc' }, '400', /id（内容 ID）应为 1～2147483647 之间的整数/);
    await fails('/rest/cmsContent/contentDetail', {}, '400', /id（内容 ID）不能为空/);
    const [row] = await server.db.select({ id: cmsContents.id }).from(cmsContents).limit(1);
    await ok('/rest/cmsContent/contentDetail', { id: row.id });
    await server.db.update(cmsContents).set({ status: '0' }).where(eq(cmsContents.id, row.id));
    try {
      await fails('/rest/cmsContent/contentDetail', { id: String(row.id) }, '404');
    } finally {
      await server.db.update(cmsContents).set({ status: '1' }).where(eq(cmsContents.id, row.id));
    }
  });

  it('rotatePictures gives the three banners in order with site-relative images', async () => {
    const { result } = await ok<{ result: ContentBrief[] }>('/rest/cmsContent/rotatePictures', {});
    expect(result).toHaveLength(3);
    expect(result.map((banner) => banner.coverUrl)).toEqual([
      '/cms/banner-1.svg',
      '/cms/banner-2.svg',
      '/cms/banner-3.svg',
    ]);
    expect(result.every((banner) => banner.contentType === 'PICTURE')).toBe(true);
    await fails('/rest/cmsContent/rotatePictures', { code: 'nosuch' }, '404', '栏目不存在：nosuch');
  });

  it('randomContents draws distinct articles of the catalogue and its descendants', async () => {
    const { result } = await ok<{ result: ContentBrief[] }>('/rest/cmsContent/randomContents', {
      code: 'serviceCenter',
      count: 5,
    });
    expect(result).toHaveLength(5);
    expect(new Set(result.map((content) => content.id)).size).toBe(5);
    const serviceCatalogs = [
      'registerGuide',
      'tradeRules',
      'feeStandard',
      'faq',
      'contactUs',
      'supervisionGuide',
      'inspectionGuide',
    ];
    for (const content of result) expect(serviceCatalogs).toContain(content.catalogCode);
    const draws = new Set<string>();
    for (let i = 0; i < 6; i++) {
      draws.add(
        (await ok<{ result: ContentBrief[] }>('/rest/cmsContent/randomContents', { code: 'serviceCenter' })).result
          .map((c) => c.id)
          .join(),
      );
    }
    expect(draws.size).toBeGreaterThan(1);
    await fails(
      '/rest/cmsContent/randomContents',
      { code: 'serviceCenter', count: 21 },
      '400',
      /count（条数）不能大于 20/,
    );
    await fails('/rest/cmsContent/randomContents', { code: 'nosuch' }, '404');
  });
});

describe('/rest/cms/index', () => {
  it('gives the site, the banners, the latest six news and notices and the user-centre entries', async () => {
    const index = await ok<{
      site: Site;
      banners: ContentBrief[];
      news: ContentBrief[];
      notices: ContentBrief[];
      serviceEntries: CatalogItem[];
    }>('/rest/cms/index', { siteCode: 'cotton' });
    expect(index.site.siteName).toBe('全国棉花交易市场');
    expect(index.banners).toHaveLength(3);
    expect(index.news).toHaveLength(6);
    expect(index.news[0].title).toBe('2025/26年度新疆棉花公证检验量突破500万吨');
    expect(index.notices).toHaveLength(6);
    expect(index.notices[0].title).toBe('关于2026年清明节期间交易安排的通知');
    expect(index.serviceEntries.map((entry) => entry.title)).toEqual([
      '注册指南',
      '交易规则',
      '收费标准',
      '常见问题',
      '联系我们',
    ]);
    await fails('/rest/cms/index', { siteCode: 'nosuch' }, '404', '站点不存在：nosuch');
  });
});

describe('/rest/cmsContent/searchContent', () => {
  it('finds articles by title, summary or text; title matches first; snippets around the keyword', async () => {
    const { keyWord, pagination } = await ok<{
      keyWord: string;
      pagination: { result: Array<ContentBrief & { snippet: string }>; totalCount: number };
    }>('/rest/cmsContent/searchContent', { keyWord: ' 仓单 ', pageParameter: { pageNum: 1, pageSize: 50 } });
    expect(keyWord).toBe('仓单');
    const expected = CMS_CONTENTS.filter(
      (content) =>
        content.contentType !== 'PICTURE' &&
        [content.title, content.summary ?? '', htmlToText(content.body ?? '')].some((text) => text.includes('仓单')),
    );
    expect(pagination.totalCount).toBe(expected.length);
    const titleHits = pagination.result.findLastIndex((content) => content.title.includes('仓单'));
    const firstBodyOnly = pagination.result.findIndex((content) => !content.title.includes('仓单'));
    expect(titleHits).toBeLessThan(firstBodyOnly);
    for (const content of pagination.result) expect(content.snippet + content.title).toContain('仓单');
  });

  it('pages, escapes LIKE characters, finds nothing for an absent word, and refuses bad input', async () => {
    const page2 = await ok<{ pagination: { result: ContentBrief[]; pageNum: number } }>(
      '/rest/cmsContent/searchContent',
      { keyWord: '棉花', pageParameter: { pageNum: 2, pageSize: 3 } },
    );
    expect(page2.pagination.pageNum).toBe(2);
    expect(page2.pagination.result).toHaveLength(3);
    const none = await ok<{ pagination: { result: ContentBrief[]; totalCount: number } }>(
      '/rest/cmsContent/searchContent',
      { keyWord: '%%', pageParameter: { pageNum: 1, pageSize: 10 } },
    );
    expect(none.pagination.totalCount).toBe(0);
    const absent = await ok<{ pagination: { totalCount: number } }>('/rest/cmsContent/searchContent', {
      keyWord: '不存在的词语',
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
    expect(absent.pagination.totalCount).toBe(0);
    await fails(
      '/rest/cmsContent/searchContent',
      { keyWord: '', pageParameter: { pageNum: 1, pageSize: 10 } },
      '400',
      /keyWord（关键字）不能为空/,
    );
    await fails(
      '/rest/cmsContent/searchContent',
      { keyWord: 'x'.repeat(51), pageParameter: { pageNum: 1, pageSize: 10 } },
      '400',
      /长度不能超过 50/,
    );
  });

  it('snippetAround centres on the keyword', () => {
    const text = '一'.repeat(100) + '仓单' + '二'.repeat(100);
    const snippet = snippetAround(text, '仓单', 30);
    expect(snippet).toContain('仓单');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });
});
