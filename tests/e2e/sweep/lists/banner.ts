import type { SweepCase, SweepKit } from '../kit';

/** 轮播图管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '轮播图管理',
    menu: ['内容管理', '轮播图管理'],
    url: /\/cms\/banner$/,
    testId: 'banner-list',
    async seed(send) {
      const { catalogs } = await send<{ catalogs: Array<{ id: string; code: string }> }>('/rest/cmsAdmin/getCatalogs');
      const catalogId = catalogs.find((catalog) => catalog.code === 'banner')!.id;
      for (const name of ['甲', '乙'])
        await send('/rest/cmsAdmin/addContent', {
          catalogId,
          title: `清单轮播${name}${u}`,
          coverUrl: '/cms/banner-1.svg',
          linkUrl: '/warehouse',
          sort: 9,
        });
      return {};
    },
    detail: { row: `清单轮播甲${u}`, key: 'linkUrl', shows: '/warehouse' },
    filters: [{ placeholder: '请输入标题', value: u }],
    key: '标题',
    filtered: { header: '标题', matches: contains(u), includes: [`清单轮播甲${u}`, `清单轮播乙${u}`] },
    tick: `清单轮播甲${u}`,
    file: '轮播图列表.xlsx',
    exports: '/rest/cmsAdmin/exportBanner',
    headers: ['标题', '栏目', '状态', '作者', '排序', '图片', '链接地址', '发布时间', '更新时间'],
    row: {
      标题: `清单轮播甲${u}`,
      栏目: '首页轮播图',
      状态: '草稿',
      图片: '/cms/banner-1.svg',
      链接地址: '/warehouse',
    },
    fresh: ['更新时间'],
  };
}
