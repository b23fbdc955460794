/**
 * The password rules (docs/auth.md, "Account centre"), written once: the account centre
 * checks them in the browser, the server on /rest/user/UpdPwd, answering 504 with these
 * very messages, so a message can be put back on the field it belongs to
 * (`fieldOfPasswordMessage`).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

export const PASSWORD_MESSAGES = {
  oldRequired: '请输入原密码',
  oldWrong: '原密码错误',
  newRequired: '请输入新密码',
  strength: '密码长度为8-20位，且须包含字母和数字',
  sameAsOld: '新密码不能与原密码相同',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的新密码不一致',
} as const;

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export type PasswordField = keyof PasswordChangeValues;

const PASSWORD_PATTERN = new RegExp(`^\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);

/** 8–20 characters, no whitespace, with at least one letter and one digit (as the server checks). */
export function isStrongPassword(value: string | null | undefined): boolean {
  return typeof value === 'string' && PASSWORD_PATTERN.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** The new password's message, or null: required, strength, then differs from the old one. */
export function checkNewPassword(newPassword: string | undefined, oldPassword: string | undefined): string | null {
  if (!newPassword) return PASSWORD_MESSAGES.newRequired;
  if (!isStrongPassword(newPassword)) return PASSWORD_MESSAGES.strength;
  if (oldPassword && newPassword === oldPassword) return PASSWORD_MESSAGES.sameAsOld;
  return null;
}

/** The confirmation's message, or null. */
export function checkConfirmPassword(
  confirmPassword: string | undefined,
  newPassword: string | undefined,
): string | null {
  if (!confirmPassword) return PASSWORD_MESSAGES.confirmRequired;
  if (confirmPassword !== newPassword) return PASSWORD_MESSAGES.mismatch;
  return null;
}

/** The field a server rule message (504 of UpdPwd) belongs to; null for any other message. */
export function fieldOfPasswordMessage(message: string): PasswordField | null {
  switch (message) {
    case PASSWORD_MESSAGES.oldWrong:
    case PASSWORD_MESSAGES.oldRequired:
      return 'oldPassword';
    case PASSWORD_MESSAGES.strength:
    case PASSWORD_MESSAGES.sameAsOld:
    case PASSWORD_MESSAGES.newRequired:
      return 'newPassword';
    case PASSWORD_MESSAGES.mismatch:
    case PASSWORD_MESSAGES.confirmRequired:
      return 'confirmPassword';
    default:
      return null;
  }
}
