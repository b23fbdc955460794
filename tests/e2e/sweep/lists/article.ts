import type { SweepCase, SweepKit } from '../kit';

/** 文章管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '文章管理',
    menu: ['内容管理', '文章管理'],
    url: /\/cms\/article$/,
    testId: 'article-list',
    async seed(send) {
      const { catalogs } = await send<{ catalogs: Array<{ id: string; code: string }> }>('/rest/cmsAdmin/getCatalogs');
      const catalogId = catalogs.find((catalog) => catalog.code === 'news')!.id;
      for (const [name, author] of [
        ['甲', '清单作者'],
        ['乙', '清单编辑'],
      ])
        await send('/rest/cmsAdmin/addContent', {
          catalogId,
          title: `清单文章${name}${u}`,
          summary: '清单核对的摘要',
          body: '<p>清单核对</p>',
          author,
          sort: 1,
        });
      return {};
    },
    detail: { row: `清单文章甲${u}`, key: 'author', shows: '清单作者' },
    filters: [{ placeholder: '请输入标题', value: u }],
    key: '标题',
    filtered: { header: '标题', matches: contains(u), includes: [`清单文章甲${u}`, `清单文章乙${u}`] },
    tick: `清单文章乙${u}`,
    file: '文章列表.xlsx',
    exports: '/rest/cmsAdmin/exportContent',
    headers: ['标题', '栏目', '状态', '作者', '排序', '图片', '链接地址', '发布时间', '更新时间'],
    row: { 标题: `清单文章乙${u}`, 栏目: '新闻动态', 状态: '草稿', 作者: '清单编辑' },
    fresh: ['更新时间'],
  };
}
