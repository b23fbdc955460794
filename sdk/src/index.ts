// `@cotton/sdk`: the platform API plugins use (sdk/README.md). The build reads this file as a
// table of `export { … } from './x'` lines (tools/plugin-tools/lib/export-table.mjs): the shell
// lends plugins one export at a time. Keep that form; what only the shell calls is in host.ts.
// Validators (patterns, grades, the register, complaint and password rules…) are
// `@cotton/sdk/validators`'s, shared with the server; the wire contracts'
// `@cotton/sdk/contracts`'s. The API report (sdk/api/sdk.api.md) must be updated with any
// change here: npm run api:update.
export { SDK_VERSION } from './version';
export { definePlugin } from './plugin';
export type { PluginDefinition, PluginRoute } from './plugin';

export { request } from './request/client';
export type {
  CallArgs,
  CallInput,
  DownloadOptions,
  RequestClient,
  RequestConfig,
  UploadConfig,
} from './request/client';
export { ApiError, canRetry, isApiError, toApiError } from './request/api-error';
export { showFailure } from './request/show-failure';
export { callPath } from './request/call-path';

export { storage } from './storage';
export type { NamespacedStorage } from './storage';

export { getSession, hasPermission, useSession } from './session/store';
export type { SessionSnapshot } from './session/store';
export { Authorized } from './session/Authorized';
export type { AuthorizedProps } from './session/Authorized';
export { getSessionService } from './session/service';
export type { SessionService } from './session/service';
export { getPluginDevModeService } from './services/plugin-dev-mode';
export type { PluginDevModeService, PluginDevModeState } from './services/plugin-dev-mode';

export {
  CHINA_TIME_LABEL,
  CHINA_TIME_ZONE,
  DASH,
  chinaHour,
  dash,
  fillText,
  formatDate,
  formatMoney,
  formatNumber,
  greetingByHour,
} from './format';
export { NOTICE_READ_EVENT } from './notice-events';
export type { DateInput, NumberFormatOptions, NumberInput } from './format';

export { getPortalConfig, usePortalConfig } from './services/portal-config';
export { fetchDictList } from './services/dict';

export { useQuery } from './hooks/use-query';
export type { QueryOptions, QueryResult } from './hooks/use-query';
export { PrerenderContext } from './hooks/prerender';
export type { Prerender } from './hooks/prerender';
export { isPageNum, matchesRule, useSearchParamsState } from './hooks/use-search-params-state';
export type {
  SearchParamRules,
  SearchParamsStateOptions,
  SearchParamsUpdate,
  SearchParamsUpdateOptions,
} from './hooks/use-search-params-state';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { useCountdown } from './hooks/use-countdown';

export { RegionCascader } from './widgets/region-cascader/RegionCascader';
export type { RegionCascaderProps } from './widgets/region-cascader/RegionCascader';
export { DictSelect } from './widgets/dict-select/DictSelect';
export type { DictSelectProps } from './widgets/dict-select/DictSelect';
export { EllipsisText } from './widgets/ellipsis-text/EllipsisText';
export type { EllipsisTextProps } from './widgets/ellipsis-text/EllipsisText';
export { ColumnSettingTable } from './widgets/column-setting-table/ColumnSettingTable';
export type { ColumnSettingTableProps } from './widgets/column-setting-table/ColumnSettingTable';
export { FooterPager } from './widgets/footer-pager/FooterPager';
export type { FooterPagerProps } from './widgets/footer-pager/FooterPager';
export { SliderVerify } from './widgets/slider-verify/SliderVerify';
export { renderTabListHeader } from './widgets/tab-list/renderTabListHeader';
export type { SliderVerifyProps } from './widgets/slider-verify/SliderVerify';
export { lazyPage } from './lazy/lazyPage';
export { LazySuspense, lazyPart } from './lazy/lazyPart';
export { LightSpin } from './widgets/light/LightSpin';
export type { LightSpinProps } from './widgets/light/LightSpin';
// Light widgets: plain elements for public pages, where an Arco component costs more than it
// gives on a phone's CPU (issue 30). The back office keeps Arco.
export { LightTable } from './widgets/light/LightTable';
export type { LightTableColumn, LightTableProps, LightTableSortOrder } from './widgets/light/LightTable';
export { LightField, LightInput, LightSearchForm, LightSelect } from './widgets/light/LightForm';
export type {
  LightFieldProps,
  LightInputProps,
  LightSearchFormProps,
  LightSelectProps,
} from './widgets/light/LightForm';
export { LightMultiSelect } from './widgets/light/LightMultiSelect';
export type { LightMultiSelectOption, LightMultiSelectProps } from './widgets/light/LightMultiSelect';
export { LightPagination } from './widgets/light/LightPagination';
export type { LightPaginationProps } from './widgets/light/LightPagination';

export { FormDrawer } from './form/FormDrawer';
export type { FormDrawerProps } from './form/FormDrawer';
export { refusedField, useFormSave } from './form/use-form-save';
export type { FormSave, FormSaveOptions, RefusalTarget } from './form/use-form-save';
export { notBlank, notTaken } from './form/rules';
export type { FormValidatorRule, NotTakenTarget } from './form/rules';
export { useTabDrawer, useUnsavedChanges } from './workspace/workspace-page';
export type { TabDrawerProps } from './workspace/workspace-page';

export { AdminListPage } from './admin/AdminListPage';
export { ADMIN_TREE_MESSAGES, AdminTreePage } from './admin/AdminTreePage';
export { buildTree } from './admin/tree';
export type { TreeNode } from './admin/tree';
export { adminColumns } from './admin/columns';
export type { AdminColumn, AdminColumnsExtra } from './admin/columns';
export { ADMIN_FORM_MESSAGES, AdminFormDrawer } from './admin/AdminFormDrawer';
export type { AdminFormDrawerProps } from './admin/AdminFormDrawer';
export type {
  AdminDrawerSlot,
  AdminFieldContext,
  AdminFieldOptions,
  AdminFieldPattern,
  AdminFieldType,
  AdminFieldUnique,
  AdminFormConfig,
  AdminFormField,
  AdminListPageProps,
  AdminPageHandle,
  AdminSave,
  AdminTreeConfig,
  AdminTreeHandle,
  AdminTreeLazy,
  AdminTreePageProps,
  AdminTreeParentField,
  AdminTreeSearch,
  AdminTreeSearchList,
} from './admin/types';

export { LIST_MESSAGES, LIST_PAGE_SIZE_OPTIONS, ListStore, createListStore } from './list/store';
export { defineEntity, entityListConfig } from './list/entity';
export { entityFormConfig } from './admin/entity-form';
export type { EntityRowOf, EntityValueOf } from './list/entity';
export { EntityFileLink, EntityFileUpload } from './list/EntityFile';
export type { EntityFileUploadProps, EntityUploadState } from './list/EntityFile';
export type {
  EntityDeclaration,
  EntityFieldDeclaration,
  EntityFieldType,
  EntityFileAccept,
  EntityListDeclaration,
  EntityPatternName,
} from './contracts/plugin-entity';
export { ImportStore } from './list/import-store';
export type { ImportStoreOptions } from './list/import-store';
export { ListImportButtons, ListImportResultModal } from './list/ListImport';
export type { ListImportProps } from './list/ListImport';
export { ChinaDatePicker } from './list/ChinaDatePicker';
export type { ChinaDatePickerProps } from './list/ChinaDatePicker';
export { LIST_ROW_HEIGHTS, ListPage } from './list/ListPage';
export type { ListPageProps } from './list/ListPage';
export { LIST_DETAIL_MESSAGES, ListDetailDrawer } from './list/ListDetail';
export type { ListDetailDrawerProps, ListDetailSource } from './list/ListDetail';
export { EXPORT_MESSAGES, exportListFile } from './list/export-file';
export { LIST_ACTION_LABELS } from './list/ListRowActions';
export { SUPER_QUERY_RULES_BY_TYPE, SUPER_QUERY_RULE_LABELS } from './list/super-query';
export type {
  ListCall,
  ListCalls,
  ListColumn,
  ListConfig,
  ListDensity,
  ListDetailConfig,
  ListDetailField,
  ListDetailRecord,
  ListImportCalls,
  ListOption,
  ListPermissions,
  ListRowAction,
  ListRowActions,
  ListSearchField,
  ListSuperQueryField,
  SuperQueryCondition,
  SuperQueryFieldType,
  SuperQueryState,
} from './list/types';

// The platform's wire types: calls, the envelope, paging and the generic list's shapes. The
// features' contract types are `@cotton/sdk/contracts`'s (`import type { UserInfo } from
// '@cotton/sdk/contracts'`), with their own API report (sdk/api/sdk-contracts.api.md).
export type {
  AnswerOf,
  BodyOf,
  BrowserCall,
  BrowserCalls,
  CallDeclaration,
  CallTypes,
  StaticOf,
  QueryOf,
} from './contracts/call';
export type { CodeValue, EmptyBody, PageParameter, Pagination } from './contracts/common';
export type { Envelope } from './contracts/envelope';
export type { PortalConfig } from './contracts/portal';
export type { UserInfo } from './contracts/session';
export type {
  ListAnswer,
  ListBatchDeleteBody,
  ListDeleteBody,
  ListDeleted,
  ListExportBody,
  ListFieldName,
  ListFilterValue,
  ListImportResult,
  ListPageSize,
  ListRequest,
  ListSort,
  SuperQueryParam,
  SuperQueryRule,
} from './contracts/list';
