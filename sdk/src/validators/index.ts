// Entry of `@cotton/sdk/validators`, which the server bundles: nothing under this folder
// may import React or the DOM.
export { isCreditCode, creditCodeCheckChar } from './credit-code';
export { isIdCard, idCardCheckChar } from './id-card';
export { messages, validateField } from './messages';
export type { ValidatorRule } from './messages';
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
} from './patterns';
export type { Checked } from './patterns';
export { isPlateNumber, isTrailerPlate } from './plate';
export {
  LOGIN_NAME_MESSAGE,
  LOGIN_NAME_PATTERN,
  MENU_PATH_PATTERN,
  MENU_URL_PATTERN,
  ORG_CODE_PATTERN,
  PERMISSION_CODE_PATTERN,
  POST_CODE_PATTERN,
  ROLE_CODE_PATTERN,
} from './ident';
export {
  hasChinese,
  hasInvisibleChar,
  hasSpecialChar,
  hasWhitespace,
  invisibleCharMessage,
  isAllChinese,
  trimmed,
  withoutInvisibleChars,
} from './text';
export { COMPLAINT_LIMITS, COMPLAINT_MESSAGES, COMPLAINT_TYPES, checkComplaint } from './complaint';
export type { ComplaintType, ComplaintValues } from './complaint';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  checkConfirmPassword,
  checkNewPassword,
  fieldOfPasswordMessage,
  isStrongPassword,
} from './password';
export type { PasswordChangeValues, PasswordField } from './password';
export { safeLocalPath } from './redirect';
export { isRecordId, RECORD_ID_RANGE_PATTERN, RECORD_ID_TEXT_PATTERN } from './record-id';
export {
  CATALOG_CODE_PATTERN,
  CMS_CODE_PATTERN,
  CMS_LINK_PATTERN,
  HOTLINE_PHONE_PATTERN,
  SERVICE_PHONE_PATTERN,
} from './cms';
export { FILE_ID_PATTERN } from './file-id';
export {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_SIDE,
  AVATAR_MESSAGES,
  AVATAR_MIN_SIDE,
  AVATAR_OUTPUT_SIDE,
  AVATAR_SOURCE_MAX_BYTES,
  checkAvatarSize,
} from './avatar';
export { APP_URL_MESSAGE, safeAppUrl } from './app-url';
export { APP_CODE_PATTERN } from './app-code';
export { compareVersions, parseSemver } from './semver';
export type { SemverParts } from './semver';
export { LOGIN_ERRORS, UNKNOWN_LOGIN_ERROR, loginErrorMessage } from './login-errors';
export type { LoginErrorCode } from './login-errors';
export { THIRD_BIND_RESULTS, UNKNOWN_THIRD_BIND_RESULT, thirdBindOutcome } from './third-bind';
export type { ThirdBindResult } from './third-bind';
export { IMPORT_FILE_MAX_BYTES, IMPORT_FILE_MESSAGES, checkImportFile } from './import-file';
export {
  PASSPORT_CERTIFICATE_TYPE,
  REGISTER_FIELDS,
  REGISTER_FILE_MAX_BYTES,
  REGISTER_MESSAGES,
  REGISTER_SECTIONS,
  REGISTER_SECTION_TITLES,
  USBKEY_CHOICES,
  USBKEY_DEFAULTS,
  USBKEY_HANDLE_TYPE,
  USBKEY_REQUIRED_FIELDS,
  checkRegisterApply,
  checkRegisterField,
  checkRegisterFile,
  registerFileAccepts,
  registerFilePartKind,
} from './register';
export type {
  RegisterFieldFlags,
  RegisterFieldKind,
  RegisterFieldSpec,
  RegisterFileKind,
  RegisterRule,
  RegisterSection,
  RegisterValues,
} from './register';
export {
  DEFAULT_PREFERENCES,
  MENU_LAYOUTS,
  PREFERENCES_MESSAGES,
  THEME_COLORS,
  THEME_MODES,
  checkPreferences,
  normalisePreferences,
  themeColorOf,
} from './preferences';
export type { MenuLayout, PreferenceValues, ThemeColor, ThemeMode } from './preferences';
export { DAY_PATTERN, IDENTIFIER_PATTERN, MOBILE_PATTERN } from './patterns';
export { DICT_CODE_PATTERN, DICT_ITEM_CODE_PATTERN } from './basedata';
export { SMS_TEMPLATE_CODE_PATTERN, SMS_VARIABLE_PATTERN } from './sms-template';
export {
  COLOR_GRADES,
  COLOR_GRADE_NAMES,
  LENGTH_GRADES,
  LIGHT_YELLOW_GRADES,
  MICRONAIRE_GRADES,
  SPOTTED_GRADES,
  STRENGTH_GRADES,
  UNIFORMITY_GRADES,
  WHITE_GRADES,
  YELLOW_GRADES,
  colorGradeName,
  isColorGrade,
} from './cotton-grades';
export type { ColorGrade, LengthGrade, MicronaireGrade, StrengthGrade, UniformityGrade } from './cotton-grades';
export {
  BANK_CODE_PATTERN,
  BATCH_NUMBER_PATTERN,
  PROVINCE_CODE_LIST_PATTERN,
  REGION_CODE_LIST_PATTERN,
  REGION_CODE_PATTERN,
  SMS_CODE_PATTERN,
} from './codes';
export { ENTITY_ACTIONS, entityPermissionCode, entityPermissionCodes, type EntityAction } from './plugin-entity';
