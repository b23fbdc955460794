import { Type, type Static } from 'typebox';
import {
  CATALOG_CODE_PATTERN,
  CMS_LINK_PATTERN,
  HOTLINE_PHONE_PATTERN,
  SERVICE_PHONE_PATTERN,
} from '../validators/cms';
import { defineCall, defineCodes } from './call';
import { ContentDetailResult } from './cms';
import { EmptyBody, IdListText, Nullable, NullableString, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';

// 内容管理 (docs/architecture.md "Content management and complaints", admin part): the
// `/rest/cmsAdmin/…` calls of the back office. Lists are generic admin lists (contracts/list.ts).

/** A site path (`/service`) or an http(s) address (`CMS_LINK_PATTERN` of the SDK's validators). */
const LinkUrl = (title: string) =>
  Type.String({
    maxLength: 256,
    pattern: CMS_LINK_PATTERN.source,
    title,
    errorMessage: '应为站内路径（/开头）或 http(s) 地址',
  });

/** Where an uploaded CMS image is served (`/file/cms/<id>`), public once a published content shows it. */
export const CMS_IMAGE_PATH = '/file/cms/';

// ---------------------------------------------------------------------------------------
// 站点设置

export const AdminSite = Type.Object({
  id: Type.String(),
  siteCode: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  copyright: Type.String(),
  filingNumber: Type.String(),
  servicePhone: Type.String(),
  hotlines: Type.Array(Type.Object({ label: Type.String(), phone: Type.String() })),
  friendlyLinks: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
});
export type AdminSite = Static<typeof AdminSite>;

const Phone = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: HOTLINE_PHONE_PATTERN.source,
  title: '电话',
  errorMessage: '电话只能包含数字、空格、+、-、括号',
});

/** `POST /rest/cmsAdmin/updSite`: the default site's display fields. */
export const SaveSiteBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, title: '站点名称' }),
  displayName: Type.String({ minLength: 1, maxLength: 64, title: '显示名称' }),
  copyright: Type.String({ maxLength: 128, title: '版权信息' }),
  filingNumber: Type.String({ maxLength: 64, title: '备案号' }),
  servicePhone: Type.String({
    maxLength: 32,
    pattern: SERVICE_PHONE_PATTERN.source,
    title: '客服电话',
    errorMessage: '电话只能包含数字、空格、+、-、括号',
  }),
  hotlines: Type.Array(
    Type.Object({ label: Type.String({ minLength: 1, maxLength: 32, title: '热线名称' }), phone: Phone }),
    {
      maxItems: 10,
      title: '服务热线',
    },
  ),
  friendlyLinks: Type.Array(
    Type.Object({ title: Type.String({ minLength: 1, maxLength: 32, title: '链接名称' }), url: LinkUrl('链接地址') }),
    { maxItems: 20, title: '友情链接' },
  ),
});
export type SaveSiteBody = Static<typeof SaveSiteBody>;

// ---------------------------------------------------------------------------------------
// 栏目管理

/** A catalogue of the default site as 栏目管理 shows it (hidden ones included). */
export const AdminCatalogRow = Type.Object({
  id: Type.String(),
  parentId: NullableString(),
  code: Type.String(),
  title: Type.String(),
  /** `COLUMN` | `BANNER` */
  catalogType: Type.String(),
  sort: Type.Integer(),
  visible: Type.Boolean(),
  description: NullableString(),
  /** Contents in it (a catalogue with contents or children is not deleted). */
  contentCount: Type.Integer(),
});
export type AdminCatalogRow = Static<typeof AdminCatalogRow>;

/** `POST /rest/cmsAdmin/getCatalogs` → `dataSet`: every catalogue, parents before children. */
export const AdminCatalogs = Type.Object({ catalogs: Type.Array(AdminCatalogRow) });
export type AdminCatalogs = Static<typeof AdminCatalogs>;

const catalogFields = {
  parentId: Type.Optional(Nullable(RecordId('上级栏目'))),
  title: Type.String({ minLength: 1, maxLength: 64, title: '栏目名称' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
  visible: Type.Optional(Type.Boolean({ title: '显示' })),
  description: Type.Optional(Nullable(Type.String({ maxLength: 256, title: '描述' }))),
};

/** `POST /rest/cmsAdmin/addCatalog`: the code is the catalogue's fixed handle (public calls find it by code). */
export const AddCatalogBody = Type.Object({
  code: Type.String({
    minLength: 2,
    maxLength: 48,
    pattern: CATALOG_CODE_PATTERN.source,
    title: '栏目编码',
    errorMessage: '栏目编码为 2～48 位字母、数字、_ 或 -，以字母开头',
  }),
  catalogType: Type.Union([Type.Literal('COLUMN'), Type.Literal('BANNER')], {
    title: '栏目类型',
    errorMessage: '只能是 COLUMN（文章栏目）或 BANNER（轮播图）',
  }),
  ...catalogFields,
});
export type AddCatalogBody = Static<typeof AddCatalogBody>;

/** `POST /rest/cmsAdmin/updCatalog`: a new `parentId` moves it (never under itself; at most 5 levels). */
export const UpdCatalogBody = Type.Object({ id: RecordId('栏目编号'), ...catalogFields });
export type UpdCatalogBody = Static<typeof UpdCatalogBody>;

/** `POST /rest/cmsAdmin/delCatalog`: refused while it has children or contents. */
export const DelCatalogBody = Type.Object({ id: RecordId('栏目编号') });
export type DelCatalogBody = Static<typeof DelCatalogBody>;

/** `POST /rest/cmsAdmin/delCatalogs`: 批量删除, refused whole while one of them has children or contents. */
export const DelCatalogsBody = Type.Object({ ids: IdListText('栏目编号') });
export type DelCatalogsBody = Static<typeof DelCatalogsBody>;

/** `POST /rest/cmsAdmin/getCatalogPage` → `dataSet`: the catalogues 查询 or 高级查询 found, a page. */
export const AdminCatalogPage = ListAnswer(AdminCatalogRow);
export type AdminCatalogPage = Static<typeof AdminCatalogPage>;

// ---------------------------------------------------------------------------------------
// 文章管理, 轮播图管理

/** `'0'` 草稿 (never served), `'1'` 已发布. */
export type ContentStatus = '0' | '1';

/** A content as 文章管理 / 轮播图管理 list it. */
export const AdminContentRow = Type.Object({
  id: Type.String(),
  catalogId: Type.String(),
  catalogTitle: Type.String(),
  title: Type.String(),
  /** `ARTICLE` | `PICTURE` */
  contentType: Type.String(),
  /** `'0'` 草稿 (never published), `'1'` 已发布, `'2'` 已撤回 (published, then withdrawn). */
  status: Type.String(),
  author: NullableString(),
  sort: Type.Integer(),
  /** As stored (`/file/cms/<id>` or a site path). */
  coverUrl: NullableString(),
  /** An address the back office can show the cover at now (an unpublished upload's is signed and short-lived). */
  coverPreviewUrl: NullableString(),
  linkUrl: NullableString(),
  /** ISO 8601. */
  publishTime: Type.String(),
  updateTime: Type.String(),
});
export type AdminContentRow = Static<typeof AdminContentRow>;

/** `POST /rest/cmsAdmin/getContentPage` → `dataSet`. */
export const AdminContentPage = ListAnswer(AdminContentRow);
export type AdminContentPage = Static<typeof AdminContentPage>;

/** `POST /rest/cmsAdmin/getContent` → `dataSet`: the content to edit; image addresses in `body` usable now. */
export const AdminContentDetail = Type.Object({
  ...AdminContentRow.properties,
  summary: NullableString(),
  source: NullableString(),
  body: Type.String(),
});
export type AdminContentDetail = Static<typeof AdminContentDetail>;

const contentFields = {
  catalogId: RecordId('栏目'),
  title: Type.String({ minLength: 1, maxLength: 128, title: '标题' }),
  summary: Type.Optional(Nullable(Type.String({ maxLength: 512, title: '摘要' }))),
  /** HTML of the editor; sanitised with the article allow-list before it is stored. */
  body: Type.Optional(Type.String({ maxLength: 60_000, title: '正文' })),
  coverUrl: Type.Optional(Nullable(Type.String({ maxLength: 512, title: '图片' }))),
  linkUrl: Type.Optional(Nullable(LinkUrl('链接地址'))),
  author: Type.Optional(Nullable(Type.String({ maxLength: 64, title: '作者' }))),
  source: Type.Optional(Nullable(Type.String({ maxLength: 64, title: '来源' }))),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999, title: '排序' })),
};

/** `POST /rest/cmsAdmin/addContent`: saved as a draft (`PICTURE` in a BANNER catalogue, else `ARTICLE`). */
export const AddContentBody = Type.Object(contentFields);
export type AddContentBody = Static<typeof AddContentBody>;

/** `POST /rest/cmsAdmin/updContent`: its status does not change (a published content stays published). */
export const UpdContentBody = Type.Object({ id: RecordId('内容编号'), ...contentFields });
export type UpdContentBody = Static<typeof UpdContentBody>;

/** `getContent`, `previewContent`. */
export const ContentIdBody = Type.Object({ id: RecordId('内容编号') });
export type ContentIdBody = Static<typeof ContentIdBody>;

/** `publishContent`, `withdrawContent`, `delContent`: one content or several (comma-joined). */
export const ContentIdsBody = Type.Object({ ids: IdListText('内容编号') });
export type ContentIdsBody = Static<typeof ContentIdsBody>;

/** `addCatalog`, `addContent` → `dataSet`: the new row's id. */
export const CmsAdded = Type.Object({ id: Type.String() });
export type CmsAdded = Static<typeof CmsAdded>;

/** `updCatalog`, `updContent`, `publishContent`, `withdrawContent` → `dataSet`: how many rows changed. */
export const CmsUpdated = Type.Object({ updated: Type.Integer() });
export type CmsUpdated = Static<typeof CmsUpdated>;

/** `POST /rest/cmsAdmin/uploadImage` (multipart `file`) → `dataSet`: PNG or JPEG by content. */
export const CmsImageUploaded = Type.Object({
  fileId: Type.String(),
  /** What the content stores: `/file/cms/<id>`. */
  url: Type.String(),
  /** Usable at once, before anything is published (signed, short-lived). */
  previewUrl: Type.String(),
});
export type CmsImageUploaded = Static<typeof CmsImageUploaded>;

// ---------------------------------------------------------------------------------------
// 投诉建议

/** `NEW` 待处理 → `HANDLING` 处理中 → `ANSWERED` 已答复. */
export type ComplaintStatus = 'NEW' | 'HANDLING' | 'ANSWERED';
export const COMPLAINT_STATUSES: readonly ComplaintStatus[] = ['NEW', 'HANDLING', 'ANSWERED'];

/** A complaint as the inbox lists it; every text is the sender's, shown as text, never HTML. */
export const AdminComplaintRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: NullableString(),
  complaintType: Type.String(),
  content: Type.String(),
  status: Type.String(),
  reply: NullableString(),
  handlerName: NullableString(),
  /** ISO 8601. */
  handleTime: NullableString(),
  createTime: Type.String(),
});
export type AdminComplaintRow = Static<typeof AdminComplaintRow>;

/** `POST /rest/cmsAdmin/getComplainPage` → `dataSet`. */
export const AdminComplaintPage = ListAnswer(AdminComplaintRow);
export type AdminComplaintPage = Static<typeof AdminComplaintPage>;

/** `POST /rest/cmsAdmin/handleComplain`: to `HANDLING`, or to `ANSWERED` with a reply; never back. */
export const HandleComplainBody = Type.Object({
  id: RecordId('投诉编号'),
  status: Type.Union([Type.Literal('HANDLING'), Type.Literal('ANSWERED')], {
    title: '处理状态',
    errorMessage: '只能是 HANDLING（处理中）或 ANSWERED（已答复）',
  }),
  reply: Type.Optional(Nullable(Type.String({ maxLength: 1000, title: '答复' }))),
});
export type HandleComplainBody = Static<typeof HandleComplainBody>;

// ---------------------------------------------------------------------------------------
// Calls

/** 内容管理's permission codes (docs/auth.md "Content management"); the complaints' are `complainCodes`. */
export const cmsAdminCodes = defineCodes({
  siteList: 'cms:site:list',
  siteEdit: 'cms:site:edit',
  catalogList: 'cms:catalog:list',
  catalogAdd: 'cms:catalog:add',
  catalogEdit: 'cms:catalog:edit',
  catalogDelete: 'cms:catalog:delete',
  catalogExport: 'cms:catalog:export',
  /** The 文章管理 menu. */
  articleList: 'cms:article:list',
  /** The 轮播图管理 menu. */
  bannerList: 'cms:banner:list',
  /** The content calls of both lists. */
  contentList: 'cms:content:list',
  contentAdd: 'cms:content:add',
  contentEdit: 'cms:content:edit',
  contentDelete: 'cms:content:delete',
  contentPublish: 'cms:content:publish',
});

/** 内容管理's calls: site settings, catalogues, articles and banners, their images. */
export const cmsAdminCalls = {
  siteDetail: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getSite',
    permission: cmsAdminCodes.siteList,
    body: EmptyBody,
    answer: AdminSite,
  }),
  siteUpdate: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/updSite',
    permission: cmsAdminCodes.siteEdit,
    body: SaveSiteBody,
    answer: AdminSite,
  }),
  catalogList: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getCatalogs',
    permission: cmsAdminCodes.catalogList,
    body: EmptyBody,
    answer: AdminCatalogs,
  }),
  /**
   * The catalogues the tree's 查询 and 高级查询 find, as a list (filters `keyword` — a title or a
   * code —, `code`, `title`, `catalogType`; super query and sort over their own columns).
   */
  catalogPage: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getCatalogPage',
    permission: cmsAdminCodes.catalogList,
    body: ListRequest,
    answer: AdminCatalogPage,
  }),
  catalogAdd: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/addCatalog',
    permission: cmsAdminCodes.catalogAdd,
    body: AddCatalogBody,
    answer: CmsAdded,
  }),
  catalogUpdate: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/updCatalog',
    permission: cmsAdminCodes.catalogEdit,
    body: UpdCatalogBody,
    answer: CmsUpdated,
  }),
  catalogDelete: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/delCatalog',
    permission: cmsAdminCodes.catalogDelete,
    body: DelCatalogBody,
    answer: ListDeleted,
  }),
  catalogDeleteMany: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/delCatalogs',
    permission: cmsAdminCodes.catalogDelete,
    body: DelCatalogsBody,
    answer: ListDeleted,
  }),
  /**
   * The catalogue tree as rows (filters `code`, `title`, `catalogType`; the selected ids as
   * `selections`), parents first unless `sort` says otherwise → 栏目列表.xlsx.
   */
  catalogExport: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/exportCatalogXls',
    permission: cmsAdminCodes.catalogExport,
    body: ListExportBody,
    kind: 'download',
  }),
  /** 文章管理 (ARTICLE). */
  articlePage: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getContentPage',
    permission: cmsAdminCodes.contentList,
    body: ListRequest,
    answer: AdminContentPage,
  }),
  /** 文章列表.xlsx. */
  articleExport: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/exportContent',
    permission: cmsAdminCodes.contentList,
    body: ListExportBody,
    kind: 'download',
  }),
  /** 轮播图管理 (PICTURE). */
  bannerPage: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getBannerPage',
    permission: cmsAdminCodes.contentList,
    body: ListRequest,
    answer: AdminContentPage,
  }),
  /** 轮播图列表.xlsx. */
  bannerExport: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/exportBanner',
    permission: cmsAdminCodes.contentList,
    body: ListExportBody,
    kind: 'download',
  }),
  contentDetail: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/getContent',
    permission: cmsAdminCodes.contentList,
    body: ContentIdBody,
    answer: AdminContentDetail,
  }),
  /** The content as /service would show it, drafts included; its images signed for the viewer. */
  contentPreview: defineCall({
    method: 'POST',
    path: '/rest/cmsContent/previewContent',
    permission: cmsAdminCodes.contentList,
    body: ContentIdBody,
    answer: ContentDetailResult,
  }),
  contentAdd: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/addContent',
    permission: cmsAdminCodes.contentAdd,
    body: AddContentBody,
    answer: CmsAdded,
  }),
  contentUpdate: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/updContent',
    permission: cmsAdminCodes.contentEdit,
    body: UpdContentBody,
    answer: CmsUpdated,
  }),
  contentPublish: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/publishContent',
    permission: cmsAdminCodes.contentPublish,
    body: ContentIdsBody,
    answer: CmsUpdated,
  }),
  contentWithdraw: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/withdrawContent',
    permission: cmsAdminCodes.contentPublish,
    body: ContentIdsBody,
    answer: CmsUpdated,
  }),
  contentDelete: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/delContent',
    permission: cmsAdminCodes.contentDelete,
    body: ContentIdsBody,
    answer: ListDeleted,
  }),
  /**
   * One image (multipart `file`) for an article or a banner. Any logged-in user reaches the
   * handler, which asks for `contentAdd` or `contentEdit` (a route names one code only).
   */
  imageUpload: defineCall({
    method: 'POST',
    path: '/rest/cmsAdmin/uploadImage',
    permission: null,
    answer: CmsImageUploaded,
    kind: 'upload',
  }),
};
