import { MAX_CATALOG_DEPTH } from '@cotton/sdk/contracts';

/**
 * 内容管理 (docs/architecture.md "Content management and complaints", admin part; docs/auth.md
 * "Content management"): what its parts share. The default site's display fields are
 * `site.ts`, its catalogue tree `catalogs.ts`, its articles and banners (drafts, publish,
 * withdraw, preview) `contents.ts`, their images `images.ts`; the complaints inbox is the
 * complain module's (complain/inbox.ts). The public calls (modules/cms) read the tables on
 * every call, so a change shows at the next visit.
 */

export const CMS_ADMIN_MESSAGES = {
  siteNameEmpty: '请输入站点名称',
  displayNameEmpty: '请输入显示名称',
  catalogNotFound: '栏目不存在或已删除',
  parentNotFound: '上级栏目不存在',
  codeTaken: '该栏目编码已被使用，请更换',
  titleEmpty: '请输入标题',
  catalogTitleEmpty: '请输入栏目名称',
  tooDeep: `栏目最多 ${MAX_CATALOG_DEPTH} 级`,
  underItself: '不能把栏目移到它自己或它的下级栏目之下',
  hasChildren: (title: string) => `栏目「${title}」还有下级栏目，请先删除或移走下级栏目`,
  hasContents: (title: string, total: number) => `栏目「${title}」还有 ${total} 条内容，请先删除或移走这些内容`,
  contentNotFound: '内容不存在或已删除',
  coverRequired: '请上传轮播图图片',
  coverInvalid: '图片地址不正确，请重新上传',
  bodyEmpty: '请输入正文',
  /**
   * An image of another site in the body: the portal's Content-Security-Policy (`img-src 'self'
   * data:`) would hide it from every visitor, so it is refused rather than published broken.
   */
  externalImage: (src: string) =>
    `正文中有其他网站的图片（${src.length > 60 ? `${src.slice(0, 60)}…` : src}），本站出于安全策略不显示站外图片。请把图片保存到电脑后，用工具栏的「图片」按钮上传`,
  kindMismatch: '轮播图只能放在轮播图栏目中，文章只能放在文章栏目中',
} as const;
