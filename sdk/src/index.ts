export { SDK_VERSION } from './version';
export { SHARED_MODULES, sharedModuleId, perExportSpecifier } from './shared-modules';
export type { SharedModule, SharedModuleName } from './shared-modules';
export { definePlugin } from './plugin';
export type { PluginDefinition, PluginRoute, PluginManifest } from './plugin';

export { request, createRequestClient, REQUEST_TIMEOUT_MS } from './request/client';
export type {
  ApiEnvelope,
  CreateRequestClientOptions,
  RequestClient,
  RequestConfig,
  UploadConfig,
} from './request/client';
export { ApiError, isApiError, toApiError } from './request/api-error';
export { setRequestHooks } from './request/hooks';
export type { RequestHooks } from './request/hooks';

export { storage, STORAGE_PREFIX, ACCESS_TOKEN, TOKEN_EXPIRE_MS } from './storage';
export type { NamespacedStorage } from './storage';

export {
  BUTTON_AUTH,
  PERMISSION_LIST,
  USER_INFO,
  clearSession,
  getSession,
  hasPermission,
  setSession,
  useSession,
} from './session/store';
export type { SessionSnapshot, SessionUser } from './session/store';
export { Authorized } from './session/Authorized';
export type { AuthorizedProps } from './session/Authorized';
export { getSessionService, setSessionService } from './session/service';
export type { SessionService } from './session/service';

export {
  isDigits,
  isEmail,
  isLandline,
  isMobile,
  isMoney,
  isNonNegativeDecimal,
  isPhone,
  isPostcode,
  isUrl,
} from './validators/patterns';
export type { Checked } from './validators/patterns';
export { isIdCard, idCardCheckChar } from './validators/id-card';
export { isCreditCode, creditCodeCheckChar } from './validators/credit-code';
export { isPlateNumber, isTrailerPlate } from './validators/plate';
export { hasChinese, hasSpecialChar, hasWhitespace, isAllChinese, trimmed } from './validators/text';
export { messages, validateField } from './validators/messages';
export type { ValidatorRule } from './validators/messages';
export { COMPLAINT_LIMITS, COMPLAINT_MESSAGES, COMPLAINT_TYPES, checkComplaint } from './validators/complaint';
export type { ComplaintType, ComplaintValues } from './validators/complaint';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  checkConfirmPassword,
  checkNewPassword,
  checkPasswordChange,
  fieldOfPasswordMessage,
  isStrongPassword,
} from './validators/password';
export type { PasswordChangeValues, PasswordErrors, PasswordField } from './validators/password';

export { DASH, dash, formatDate, formatMoney, formatNumber, greetingByHour } from './format';
export type { DateInput, NumberFormatOptions, NumberInput } from './format';

export { EMPTY_PORTAL_CONFIG, getPortalConfig, setPortalConfig, usePortalConfig } from './services/portal-config';
export type { PortalConfig } from './services/portal-config';
export { ROOT_REGION_CODE, fetchRegions } from './services/region';
export type { Region } from './services/region';
export { fetchDictList } from './services/dict';
export type { DictItem } from './services/dict';

export { useQuery } from './hooks/use-query';
export type { QueryOptions, QueryResult } from './hooks/use-query';
export { useSearchParamsState } from './hooks/use-search-params-state';
export type { SearchParamsUpdate, SearchParamsUpdateOptions } from './hooks/use-search-params-state';
export { useDebouncedValue } from './hooks/use-debounced-value';

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
export type { SliderVerifyProps } from './widgets/slider-verify/SliderVerify';
