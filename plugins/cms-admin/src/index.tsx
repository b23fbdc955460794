import { definePlugin } from '@cotton/sdk';
import { ArticleList } from './pages/article-list';
import { BannerList } from './pages/banner-list';
import { CatalogTree } from './pages/catalog-tree';
import { ComplaintInbox } from './pages/complaint-inbox';
import { SiteSettings } from './pages/site-settings';

export { ArticleList, BannerList, CatalogTree, ComplaintInbox, SiteSettings };

/**
 * 内容管理 of the back office. No routes of its own: the shell mounts the server menu's
 * `cms-admin/SiteSettings` at `/cms/site` (站点设置), `cms-admin/CatalogTree` at `/cms/catalog`
 * (栏目管理), `cms-admin/ArticleList` at `/cms/article` (文章管理), `cms-admin/BannerList` at
 * `/cms/banner` (轮播图管理) and `cms-admin/ComplaintInbox` at `/cms/complain` (投诉建议).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'cms-admin',
  routes: [],
  components: { SiteSettings, CatalogTree, ArticleList, BannerList, ComplaintInbox },
});
