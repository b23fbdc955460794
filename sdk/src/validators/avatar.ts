/**
 * 个人中心's avatar (`/rest/user/accountCenterAvatar`): a square PNG or JPEG the browser crops
 * and scales to {@link AVATAR_OUTPUT_SIDE} px; the server takes only what it could have made —
 * a PNG or JPEG by its bytes, at most {@link AVATAR_MAX_BYTES}, square, between
 * {@link AVATAR_MIN_SIDE} and {@link AVATAR_MAX_SIDE} px a side.
 */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_MIN_SIDE = 64;
export const AVATAR_MAX_SIDE = 1024;
/** The side of the square the browser's cropper draws (canvas). */
export const AVATAR_OUTPUT_SIDE = 256;
/** The file a user may choose before cropping (the browser checks it; the server sees only the crop). */
export const AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;

export const AVATAR_MESSAGES = {
  noFile: '请选择头像图片',
  type: '头像只能是 PNG 或 JPEG 图片',
  size: '头像图片不能超过 512KB',
  sourceSize: '图片大小不能超过10M',
  dimensions: `头像须为正方形，边长 ${AVATAR_MIN_SIDE}～${AVATAR_MAX_SIDE} 像素`,
  unreadable: '无法读取该图片，请换一张 PNG 或 JPEG 图片',
} as const;

/** The message for an avatar of `width` × `height` px, or null when it is fine. */
export function checkAvatarSize(width: number, height: number): string | null {
  if (width !== height || width < AVATAR_MIN_SIDE || width > AVATAR_MAX_SIDE) return AVATAR_MESSAGES.dimensions;
  return null;
}
