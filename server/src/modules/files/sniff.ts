/**
 * What a file is, from its first bytes (never its name): the three kinds registration takes.
 * A renamed executable or HTML page is none of them.
 */
export type SniffedType = 'png' | 'jpg' | 'pdf';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (head: Uint8Array, signature: number[]) =>
  head.length >= signature.length && signature.every((byte, index) => head[index] === byte);

/** The type of a file whose first bytes are `head` (8 are enough), or null. */
export function sniffType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpg';
  if (startsWith(head, PDF)) return 'pdf';
  return null;
}

export const CONTENT_TYPES: Record<SniffedType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};
