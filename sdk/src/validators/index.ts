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
  DAY_PATTERN,
} from './patterns';
export type { Checked } from './patterns';
export { isPlateNumber, isTrailerPlate } from './plate';
export { hasChinese, hasSpecialChar, hasWhitespace, isAllChinese, trimmed } from './text';
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
export { FILE_ID_PATTERN } from './file-id';
export { APP_URL_MESSAGE, safeAppUrl } from './app-url';
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
  USBKEY_DEFAULTS,
  USBKEY_REQUIRED_FIELDS,
  checkRegisterApply,
  checkRegisterField,
  checkRegisterFile,
  registerFileAccepts,
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
