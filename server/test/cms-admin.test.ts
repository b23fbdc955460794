import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_MIGRATIONS } from '../src/bootstrap';
import { runDataMigrations } from '../src/db/data-migrations';
import {
  cmsCatalogs,
  cmsContents,
  sysAuditLog,
  sysDataMigrations,
  sysPermissions,
  sysRolePermissions,
  sysRoles,
} from '../src/db/schema/index';
import { WITHDRAWN_STATUS_MIGRATION } from '../src/modules/cms-admin/withdrawn-status';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { CMS_ADMIN_CODES, SEED_ROLES } from '../src/seed/auth';
import { EDITOR, REVIEWER, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

/** 内容管理 (docs/architecture.md "Content management and complaints", admin part). */

let server: TestServer;
let editor: string;
let reviewer: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

const post = <T>(path: string, body: unknown, token: string = editor) =>
  server.post<T>(path, body, { authorization: token });

async function upload(bytes: Buffer, name: string, token = editor) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${server.baseUrl}/rest/cmsAdmin/uploadImage`, {
    method: 'POST',
    body: form,
    headers: { authorization: token },
  });
  return {
    status: response.status,
    envelope: (await response.json()) as {
      rtnCode: string;
      rtnMessage: string;
      dataSet: { fileId: string; url: string; previewUrl: string };
    },
  };
}

async function catalogId(code: string): Promise<string> {
  const [row] = await server.db.select({ id: cmsCatalogs.id }).from(cmsCatalogs).where(eq(cmsCatalogs.code, code));
  return String(row.id);
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await loginToken(server, EDITOR);
  reviewer = await loginToken(server, REVIEWER);
});
afterAll(async () => {
  await server?.close();
});

describe('permissions', () => {
  it('lets 内容编辑 in and keeps 注册审核员 out of every area', async () => {
    for (const [path, body] of [
      ['/rest/cmsAdmin/getSite', {}],
      ['/rest/cmsAdmin/getCatalogs', {}],
      ['/rest/cmsAdmin/getContentPage', {}],
      ['/rest/cmsAdmin/getBannerPage', {}],
      ['/rest/cmsAdmin/getComplainPage', {}],
    ] as const) {
      expect((await post(path, body)).envelope.rtnCode, path).toBe('0000');
      const refused = await post(path, body, reviewer);
      expect(refused.envelope.rtnCode, path).toBe('403');
    }
    expect((await upload(PNG, 'a.png', reviewer)).envelope.rtnCode).toBe('403');
  });
});

describe('站点设置', () => {
  it('changes the public site at the next call, refuses a javascript: link', async () => {
    const site = (await post<{ friendlyLinks: Array<{ title: string; url: string }> }>('/rest/cmsAdmin/getSite', {}))
      .envelope.dataSet;
    const body = {
      name: '中国棉花交易中心',
      displayName: '棉花交易门户（新）',
      copyright: '© 2026',
      filingNumber: '京ICP备00000000号',
      servicePhone: '400-000-0000',
      hotlines: [{ label: '交易', phone: '010-12345678' }],
      friendlyLinks: site.friendlyLinks,
    };
    const bad = await post('/rest/cmsAdmin/updSite', {
      ...body,
      friendlyLinks: [{ title: '坏链接', url: 'javascript:alert(1)' }],
    });
    expect(bad.envelope.rtnCode).toBe('400');
    expect(bad.envelope.rtnMessage).toContain('链接地址');
    expect((await post('/rest/cmsAdmin/updSite', body)).envelope.rtnCode).toBe('0000');
    const shown = await server.post<{ result: { displayName: string } }>('/rest/cms_site/querySiteDetailInfo', {});
    expect(shown.envelope.dataSet.result.displayName).toBe('棉花交易门户（新）');
  });
});

describe('栏目管理', () => {
  it('adds, refuses a sixth level and a move under itself, refuses deleting a catalogue with contents', async () => {
    let parent = await catalogId('serviceCenter');
    const ids: string[] = [];
    for (let level = 0; ; level++) {
      const added = await post<{ id: string }>('/rest/cmsAdmin/addCatalog', {
        parentId: parent,
        code: `deep${level}`,
        title: `第${level}层`,
        catalogType: 'COLUMN',
      });
      if (added.envelope.rtnCode !== '0000') {
        expect(added.envelope.rtnMessage).toBe('栏目最多 5 级');
        break;
      }
      ids.push(added.envelope.dataSet.id);
      parent = added.envelope.dataSet.id;
    }
    expect(ids.length).toBeGreaterThan(0);
    const moved = await post('/rest/cmsAdmin/updCatalog', { id: ids[0], parentId: ids.at(-1), title: '第0层' });
    expect(moved.envelope.rtnMessage).toBe('不能把栏目移到它自己或它的下级栏目之下');
    const withChildren = await post('/rest/cmsAdmin/delCatalog', { id: ids[0] });
    expect(withChildren.envelope.rtnMessage).toContain('还有下级栏目');
    const withContents = await post('/rest/cmsAdmin/delCatalog', { id: await catalogId('news') });
    expect(withContents.envelope.rtnMessage).toMatch(/还有 \d+ 条内容/);
    const taken = await post('/rest/cmsAdmin/addCatalog', { code: 'NEWS', title: '重复', catalogType: 'COLUMN' });
    expect(taken.envelope.rtnMessage).toBe('该栏目编码已被使用，请更换');
    for (const id of ids.reverse())
      expect((await post('/rest/cmsAdmin/delCatalog', { id })).envelope.rtnCode).toBe('0000');
  });
});

describe('栏目管理 › 导出', () => {
  const exportCatalogs = (body: unknown, token = editor) =>
    downloadExport(server, '/rest/cmsAdmin/exportCatalogXls', body, token);

  beforeAll(async () => {
    const top = await post<{ id: string }>('/rest/cmsAdmin/addCatalog', {
      code: 'xcatA',
      title: '导出栏目甲',
      catalogType: 'COLUMN',
      sort: 50,
      visible: false,
      description: '导出用',
    });
    expect(top.envelope.rtnCode).toBe('0000');
    for (const [code, title, catalogType, sort] of [
      ['xcatB', '导出轮播乙', 'BANNER', 2],
      ['xcatC', '导出栏目丙', 'COLUMN', 1],
    ] as const) {
      const added = await post('/rest/cmsAdmin/addCatalog', {
        parentId: top.envelope.dataSet.id,
        code,
        title,
        catalogType,
        sort,
      });
      expect(added.envelope.rtnCode).toBe('0000');
    }
  });

  it('writes the catalogues the filter matches in the tree’s order, with labels, parent, level and path', async () => {
    const answer = await exportCatalogs({ filters: { code: 'xcat' } });
    expect(answer.envelope).toBeNull();
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('栏目列表.xlsx')}`);
    expect(answer.rows).toEqual([
      [
        '栏目编码',
        '栏目名称',
        '栏目类型',
        '上级栏目',
        '上级栏目编码',
        '层级',
        '路径',
        '排序',
        '是否显示',
        '内容数',
        '描述',
      ],
      ['xcatA', '导出栏目甲', '文章栏目', '', '', '1', '导出栏目甲', '50', '隐藏', '0', '导出用'],
      // (A row's empty last cells are not read back.)
      ['xcatC', '导出栏目丙', '文章栏目', '导出栏目甲', 'xcatA', '2', '导出栏目甲 / 导出栏目丙', '1', '显示', '0'],
      ['xcatB', '导出轮播乙', '轮播图', '导出栏目甲', 'xcatA', '2', '导出栏目甲 / 导出轮播乙', '2', '显示', '0'],
    ]);
  });

  it('counts each catalogue’s contents as the tree does; follows the type filter, a sort, the selection and the columns shown', async () => {
    const tree = await post<{ catalogs: Array<{ id: string; code: string; contentCount: number }> }>(
      '/rest/cmsAdmin/getCatalogs',
      {},
    );
    const news = tree.envelope.dataSet.catalogs.find((row) => row.code === 'news')!;
    expect(news.contentCount).toBeGreaterThan(0);
    expect((await exportCatalogs({ filters: { code: 'news' }, field: 'code,contentCount' })).rows).toEqual([
      ['栏目编码', '内容数'],
      ['news', String(news.contentCount)],
    ]);
    const banners = await exportCatalogs({ filters: { code: 'xcat', catalogType: 'BANNER' }, field: 'title' });
    expect(banners.rows).toEqual([['栏目名称'], ['导出轮播乙']]);
    const sorted = await exportCatalogs({
      filters: { code: 'xcat' },
      sort: { field: 'sort', order: 'asc' },
      field: 'code',
    });
    expect(sorted.rows).toEqual([['栏目编码'], ['xcatC'], ['xcatB'], ['xcatA']]);
    const xcatC = tree.envelope.dataSet.catalogs.find((row) => row.code === 'xcatC')!;
    const selected = await exportCatalogs({ selections: xcatC.id, field: 'path' });
    expect(selected.rows).toEqual([['路径'], ['导出栏目甲 / 导出栏目丙']]);
  });

  it('refuses a user without 导出栏目, and a field off the allow-list', async () => {
    expect((await exportCatalogs({}, reviewer)).envelope).toMatchObject({ rtnCode: '403' });
    const reader = await tokenHolding(server, ['cms:catalog:list']);
    expect((await post('/rest/cmsAdmin/getCatalogs', {}, reader)).envelope.rtnCode).toBe('0000');
    expect((await exportCatalogs({}, reader)).envelope).toMatchObject({ rtnCode: '403' });
    expect((await exportCatalogs({ filters: { templateCode: 'x' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“templateCode”查询',
    });
  });
});

describe('栏目管理 › 查询 and 批量删除', () => {
  type Found = {
    pagination: { result: Array<{ code: string; title: string; contentCount: number }>; totalCount: number };
  };
  const page = (body: unknown, token = editor) => post<Found>('/rest/cmsAdmin/getCatalogPage', body, token);
  const codes = async (body: unknown) => {
    const answer = await page({ pageNum: 1, pageSize: 10, ...(body as object) });
    expect(answer.envelope.rtnCode).toBe('0000');
    return answer.envelope.dataSet.pagination.result.map((row) => row.code);
  };

  it('finds by title or code in one box, across levels, sorted, with each one’s contents', async () => {
    for (const [code, title, sort] of [
      ['qcatA', '查找栏目甲', 2],
      ['qcatB', '查找栏目乙', 1],
    ] as const) {
      const added = await post('/rest/cmsAdmin/addCatalog', { code, title, catalogType: 'COLUMN', sort });
      expect(added.envelope.rtnCode).toBe('0000');
    }
    // By a title, in 排序's order (the list's default); by a code whatever its case.
    expect(await codes({ filters: { keyword: '查找栏目' } })).toEqual(['qcatB', 'qcatA']);
    expect(await codes({ filters: { keyword: 'QCATA' } })).toEqual(['qcatA']);
    expect(await codes({ filters: { keyword: 'qcatA查找' } })).toEqual([]);
    expect(await codes({ filters: { keyword: 'qcat' }, sort: { field: 'code', order: 'desc' } })).toEqual([
      'qcatB',
      'qcatA',
    ]);
    // 高级查询 over the allow-list: 内容数 above 0 finds 新闻 (it has contents), not these.
    const withContents = await page({
      pageNum: 1,
      pageSize: 10,
      superQueryParams: [{ field: 'contentCount', rule: 'gt', value: '0' }],
    });
    const rows = withContents.envelope.dataSet.pagination.result;
    expect(rows.map((row) => row.code)).toContain('news');
    expect(rows.every((row) => row.contentCount > 0)).toBe(true);
    expect((await page({ pageNum: 1, pageSize: 10, sort: { field: 'path', order: 'asc' } })).envelope.rtnCode).toBe(
      '400',
    );
    expect((await page({ pageNum: 1, pageSize: 10 }, reviewer)).envelope.rtnCode).toBe('403');
  });

  it('deletes the ticked catalogues together, or none when one still has contents', async () => {
    const ids: string[] = [];
    for (const code of ['dcatA', 'dcatB']) {
      const added = await post<{ id: string }>('/rest/cmsAdmin/addCatalog', {
        code,
        title: code,
        catalogType: 'COLUMN',
      });
      ids.push(added.envelope.dataSet.id);
    }
    const news = await catalogId('news');
    const refused = await post('/rest/cmsAdmin/delCatalogs', { ids: [...ids, news].join(',') });
    expect(refused.envelope).toMatchObject({ rtnCode: '400', rtnMessage: expect.stringMatching(/还有 \d+ 条内容/) });
    expect(await codes({ filters: { keyword: 'dcat' } })).toHaveLength(2);
    expect((await post('/rest/cmsAdmin/delCatalogs', { ids: ids.join(',') })).envelope).toMatchObject({
      rtnCode: '0000',
      dataSet: { deleted: 2 },
    });
    expect(await codes({ filters: { keyword: 'dcat' } })).toEqual([]);
    const audit = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'cms.catalog.delete'), inArray(sysAuditLog.entityId, ids)));
    expect(audit).toHaveLength(2);
    expect((await post('/rest/cmsAdmin/delCatalogs', { ids: ids.join(',') })).envelope.rtnCode).toBe('404');
    const reader = await tokenHolding(server, ['cms:catalog:list']);
    expect((await post('/rest/cmsAdmin/delCatalogs', { ids: news }, reader)).envelope.rtnCode).toBe('403');
  });
});

describe('文章管理', () => {
  it('refuses an HTML page named .png; takes a PNG', async () => {
    const refused = await upload(HTML, 'photo.png');
    expect(refused.envelope.rtnCode).toBe('400');
    expect(refused.envelope.rtnMessage).toBe('只能上传 PNG 或 JPEG 图片');
    const taken = await upload(PNG, 'photo.png');
    expect(taken.envelope.dataSet.url).toMatch(/^\/file\/cms\/[0-9a-f]{32}$/);
  });

  it('lets a user who may only add contents upload an image, and audits the upload', async () => {
    const [edit] = await server.db
      .select({ id: sysPermissions.id })
      .from(sysPermissions)
      .where(eq(sysPermissions.code, 'cms:content:edit'));
    const grants = await server.db
      .delete(sysRolePermissions)
      .where(eq(sysRolePermissions.permissionId, edit.id))
      .returning();
    try {
      expect((await post('/rest/cmsAdmin/updContent', { id: '1' })).envelope.rtnCode).toBe('403');
      const taken = await upload(PNG, 'add-only.png');
      expect(taken.envelope.rtnCode).toBe('0000');
      const audit = await server.db
        .select({ action: sysAuditLog.action, after: sysAuditLog.after })
        .from(sysAuditLog)
        .where(and(eq(sysAuditLog.entity, 'file'), eq(sysAuditLog.entityId, taken.envelope.dataSet.fileId)));
      expect(audit).toEqual([{ action: 'cms.image.upload', after: expect.objectContaining({ name: 'add-only.png' }) }]);
    } finally {
      await server.db.insert(sysRolePermissions).values(grants);
    }
  });

  it('saves a sanitised draft, previews it, publishes it for visitors with its image, withdraws it', async () => {
    const image = (await upload(PNG, 'cotton.png')).envelope.dataSet;
    // Anonymous: not yet (no published content shows it); with the signed address: yes.
    expect((await server.get(image.url)).status).toBe(404);
    expect((await server.get(image.previewUrl)).status).toBe(200);

    const added = await post<{ id: string }>('/rest/cmsAdmin/addContent', {
      catalogId: await catalogId('serviceCenter'),
      title: '新棉上市服务指南',
      body: `<p>正文<script>alert(1)</script><img src="${image.previewUrl}" alt="棉" onerror="alert(2)"></p>`,
    });
    expect(added.envelope.rtnCode).toBe('0000');
    const id = added.envelope.dataSet.id;
    const draft = await post<{ body: string; status: string }>('/rest/cmsAdmin/getContent', { id });
    expect(draft.envelope.dataSet.status).toBe('0');
    expect(draft.envelope.dataSet.body).not.toContain('script');
    expect(draft.envelope.dataSet.body).not.toContain('onerror');

    // Drafts are never served to visitors; the editor's preview shows them.
    expect((await server.post('/rest/cmsContent/contentDetail', { id })).envelope.rtnCode).toBe('404');
    const preview = await post<{ result: { title: string; body: string } }>('/rest/cmsContent/previewContent', { id });
    expect(preview.envelope.dataSet.result.title).toBe('新棉上市服务指南');
    expect((await post('/rest/cmsContent/previewContent', { id }, reviewer)).envelope.rtnCode).toBe('403');

    expect((await post('/rest/cmsAdmin/publishContent', { ids: id })).envelope.dataSet).toEqual({ updated: 1 });
    const shown = await server.post<{ result: { body: string } }>('/rest/cmsContent/contentDetail', { id });
    expect(shown.envelope.dataSet.result.body).toBe(`<p>正文<img src="${image.url}" alt="棉" /></p>`);
    const served = await server.get(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await server.post<{ pagination: { result: Array<{ id: string }> } }>(
      '/rest/cmsContent/PageCmsContentAndTemService',
      { code: 'serviceCenter', pageParameter: { pageNum: 1, pageSize: 100 } },
    );
    expect(page.envelope.dataSet.pagination.result.map((row) => row.id)).toContain(id);

    expect((await post('/rest/cmsAdmin/withdrawContent', { ids: id })).envelope.dataSet).toEqual({ updated: 1 });
    const gone = await server.post('/rest/cmsContent/contentDetail', { id });
    expect(gone.envelope.rtnCode).toBe('404');
    // Plain words for the visitor, no record number.
    expect(gone.envelope.rtnMessage).toBe('文章不存在或已撤回');
    expect((await server.get(image.url)).status).toBe(404);
    // 已撤回, not 草稿: the list tells a withdrawn article from one never published.
    expect((await post<{ status: string }>('/rest/cmsAdmin/getContent', { id })).envelope.dataSet.status).toBe('2');
    // Withdrawing a draft leaves it a draft.
    expect((await post('/rest/cmsAdmin/withdrawContent', { ids: id })).envelope.dataSet).toEqual({ updated: 0 });

    const audit = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entityId, id), like(sysAuditLog.action, 'cms.content.%')));
    expect(audit.map((row) => row.action)).toEqual(['cms.content.add', 'cms.content.publish', 'cms.content.withdraw']);
  });

  it('refuses an image of another site in the body (the CSP would hide it), naming it in plain words', async () => {
    for (const src of ['https://img.example.com/a.png', 'http://127.0.0.1/x.png?a=1&amp;b=2']) {
      const refused = await post('/rest/cmsAdmin/addContent', {
        catalogId: await catalogId('serviceCenter'),
        title: '带站外图片的文章',
        body: `<p>看图</p><p><img src="${src}" alt="外站"></p>`,
      });
      expect(refused.envelope.rtnCode).toBe('400');
      expect(refused.envelope.rtnMessage).toContain('正文中有其他网站的图片');
      expect(refused.envelope.rtnMessage).toContain('请把图片保存到电脑后，用工具栏的「图片」按钮上传');
    }
    // A picture of the site itself still saves.
    const own = await post('/rest/cmsAdmin/addContent', {
      catalogId: await catalogId('serviceCenter'),
      title: '带本站图片的文章',
      body: '<p>看图</p><p><img src="/cms/banner-1.svg" alt="本站"></p>',
    });
    expect(own.envelope.rtnCode).toBe('0000');
  });

  it('turns a content withdrawn before 已撤回 existed into 已撤回, once, leaving drafts alone', async () => {
    const add = async (title: string) =>
      (
        await post<{ id: string }>('/rest/cmsAdmin/addContent', {
          catalogId: await catalogId('serviceCenter'),
          title,
          body: '<p>正文</p>',
        })
      ).envelope.dataSet.id;
    const withdrawn = await add('早先撤回的文章');
    const draft = await add('从未发布的草稿');
    await post('/rest/cmsAdmin/publishContent', { ids: withdrawn });
    await post('/rest/cmsAdmin/withdrawContent', { ids: withdrawn });
    // As the old code left it.
    await server.db
      .update(cmsContents)
      .set({ status: '0' })
      .where(eq(cmsContents.id, Number(withdrawn)));
    await server.db.delete(sysDataMigrations).where(eq(sysDataMigrations.name, WITHDRAWN_STATUS_MIGRATION.name));
    expect(DATA_MIGRATIONS).toContain(WITHDRAWN_STATUS_MIGRATION);
    const [applied] = await runDataMigrations(server.db, [WITHDRAWN_STATUS_MIGRATION]);
    expect(applied?.result).toEqual({ withdrawn: [Number(withdrawn)] });
    const status = async (id: string) =>
      (await post<{ status: string }>('/rest/cmsAdmin/getContent', { id })).envelope.dataSet.status;
    expect(await status(withdrawn)).toBe('2');
    expect(await status(draft)).toBe('0');
  });

  it('lists with filters and sort, refuses a field off the list, and keeps banners apart', async () => {
    const list = await post<{ pagination: { result: Array<{ title: string; status: string }>; totalCount: number } }>(
      '/rest/cmsAdmin/getContentPage',
      { filters: { title: '服务指南' }, sort: { field: 'publishTime', order: 'desc' } },
    );
    expect(list.envelope.dataSet.pagination.result.map((row) => row.title)).toContain('新棉上市服务指南');
    // 详情 is the list's own row (defineList().detail) with the summary, source and body.
    // (A cover's preview address is signed anew on each answer.)
    const [{ coverPreviewUrl: _signed, ...listed }] = list.envelope.dataSet.pagination.result as unknown as Array<{
      id: string;
      coverPreviewUrl: string | null;
    }>;
    const detail = await post<Record<string, unknown>>('/rest/cmsAdmin/getContent', { id: listed.id });
    expect(detail.envelope.dataSet).toMatchObject(listed);
    expect(Object.keys(detail.envelope.dataSet)).toEqual(expect.arrayContaining(['summary', 'source', 'body']));
    const off = await post('/rest/cmsAdmin/getContentPage', { filters: { body: 'x' } });
    expect(off.envelope.rtnCode).toBe('400');
    const banners = await post<{ pagination: { result: Array<{ contentType: string }> } }>(
      '/rest/cmsAdmin/getBannerPage',
      {},
    );
    expect(new Set(banners.envelope.dataSet.pagination.result.map((row) => row.contentType))).toEqual(
      new Set(['PICTURE']),
    );
    const noCover = await post('/rest/cmsAdmin/addContent', { catalogId: await catalogId('banner'), title: '无图' });
    expect(noCover.envelope.rtnMessage).toBe('请上传轮播图图片');
    const badLink = await post('/rest/cmsAdmin/addContent', {
      catalogId: await catalogId('banner'),
      title: '坏链接',
      coverUrl: '/cms/banner-1.svg',
      linkUrl: 'javascript:alert(1)',
    });
    expect(badLink.envelope.rtnCode).toBe('400');
  });
});

describe('投诉建议', () => {
  it('keeps a complaint with markup as text and walks it new → handling → answered, audited', async () => {
    const content = '<script>alert("x")</script> 仓库收费不合理，请核查。';
    const sent = await server.post<{ id: string }>('/rest/complain/addComplain', {
      name: '张三',
      phone: '13900001111',
      complaintType: 'COMPLAINT',
      content,
    });
    expect(sent.envelope.rtnCode).toBe('0000');
    const id = sent.envelope.dataSet.id;
    const inbox = await post<{ pagination: { result: Array<{ id: string; content: string; status: string }> } }>(
      '/rest/cmsAdmin/getComplainPage',
      { filters: { status: 'NEW' } },
    );
    const row = inbox.envelope.dataSet.pagination.result.find((item) => item.id === id)!;
    expect(row.content).toBe(content);
    expect(row.status).toBe('NEW');

    const handling = await post<{ status: string; handlerName: string }>('/rest/cmsAdmin/handleComplain', {
      id,
      status: 'HANDLING',
    });
    expect(handling.envelope.dataSet.status).toBe('HANDLING');
    expect(handling.envelope.dataSet.handlerName).toBeTruthy();
    const noReply = await post('/rest/cmsAdmin/handleComplain', { id, status: 'ANSWERED', reply: '  ' });
    expect(noReply.envelope.rtnMessage).toBe('请输入答复内容');
    const answered = await post<{ status: string; reply: string }>('/rest/cmsAdmin/handleComplain', {
      id,
      status: 'ANSWERED',
      reply: '已核查，收费按公示标准执行。',
    });
    expect(answered.envelope.dataSet).toMatchObject({ status: 'ANSWERED', reply: '已核查，收费按公示标准执行。' });
    const again = await post('/rest/cmsAdmin/handleComplain', { id, status: 'HANDLING' });
    expect(again.envelope.rtnMessage).toBe('该投诉建议已答复，不能再更改');
    expect((await post('/rest/cmsAdmin/handleComplain', { id, status: 'HANDLING' }, reviewer)).envelope.rtnCode).toBe(
      '403',
    );

    const audit = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'complaint'), eq(sysAuditLog.entityId, id)));
    expect(audit).toHaveLength(2);

    // The export: a workbook of the inbox (the reviewer gets the refusal envelope).
    for (const [token, type] of [
      [editor, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [reviewer, 'application/json'],
    ] as const) {
      const exported = await fetch(`${server.baseUrl}/rest/cmsAdmin/exportComplain`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { status: 'ANSWERED' } }),
      });
      expect(exported.headers.get('content-type')).toContain(type);
      await exported.arrayBuffer();
    }
  });

  it('answers a complaint once when two answers arrive at once', async () => {
    const sent = await server.post<{ id: string }>('/rest/complain/addComplain', {
      name: '李四',
      phone: '13900002222',
      complaintType: 'SUGGESTION',
      content: '建议延长周六的服务时间。',
    });
    const id = sent.envelope.dataSet.id;
    const answers = await Promise.all(
      ['第一份答复', '第二份答复'].map((reply) =>
        post<{ reply: string }>('/rest/cmsAdmin/handleComplain', { id, status: 'ANSWERED', reply }),
      ),
    );
    const accepted = answers.filter((answer) => answer.envelope.rtnCode === '0000');
    expect(accepted).toHaveLength(1);
    expect(answers.map((answer) => answer.envelope.rtnMessage)).toContain('该投诉建议已答复，不能再更改');
    const audit = await server.db
      .select({ after: sysAuditLog.after })
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.entity, 'complaint'), eq(sysAuditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ reply: accepted[0].envelope.dataSet.reply });
  });
});

// Last: it removes and re-adds the menus the tests above use.
describe('migrations 0033_content_editing and 0045_tree_export_buttons', () => {
  it('give a database seeded before them the 内容管理 menus and the grants of the seed, once', async () => {
    const inserts = (file: string) =>
      readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => /^\s*(?:--[^\n]*\n\s*)*INSERT/i.test(statement));
    expect(inserts('0033_content_editing.sql')).toHaveLength(5);
    // 0045 adds 导出栏目 to whoever holds 栏目管理 (内容编辑 in the seed).
    const statements = [...inserts('0033_content_editing.sql'), ...inserts('0045_tree_export_buttons.sql')];
    const grants = async () =>
      server.db
        .select({ role: sysRoles.code, code: sysPermissions.code })
        .from(sysRolePermissions)
        .innerJoin(sysPermissions, eq(sysPermissions.id, sysRolePermissions.permissionId))
        .innerJoin(sysRoles, eq(sysRoles.id, sysRolePermissions.roleId))
        // 系统管理员 holds every code through its flag (0037): the rows 0033 gives it say nothing more.
        // The seed's roles only: other tests' roles lose their grants with the menus and get no new ones.
        .where(
          and(
            inArray(sysPermissions.code, [...CMS_ADMIN_CODES]),
            eq(sysRoles.holdsAll, false),
            inArray(
              sysRoles.code,
              SEED_ROLES.map((role) => role.code),
            ),
          ),
        );
    const seeded = (await grants()).map((row) => `${row.role} ${row.code}`).sort();
    const group = and(eq(sysPermissions.path, '/cms'), isNull(sysPermissions.code));
    await server.db.delete(sysPermissions).where(group);
    expect(await grants()).toEqual([]);
    for (let run = 0; run < 2; run += 1) {
      for (const statement of statements) await server.db.execute(sql.raw(statement));
    }
    expect((await grants()).map((row) => `${row.role} ${row.code}`).sort()).toEqual(seeded);
    expect(await server.db.select().from(sysPermissions).where(group)).toHaveLength(1);
    const [article] = await server.db.select().from(sysPermissions).where(eq(sysPermissions.code, 'cms:article:list'));
    expect(article).toMatchObject({ path: '/cms/article', componentPath: 'cms-admin/ArticleList', type: 'menu' });
  });
});
