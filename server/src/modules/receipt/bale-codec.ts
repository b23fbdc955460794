/**
 * Bale-level HVI data packed one byte per bale per indicator (two for the gross weight):
 * a 186-bale batch is ≈ 2 KB, a tenth of the same figures as `real[]`, and PGlite loads it
 * in a fraction of the time (array parsing is what made the small seed slow). Every value
 * is recorded with one decimal, so byte = round((value − offset) × 10), clamped to 0…255.
 */

export interface BaleIndicatorCodec {
  /** Smallest value that can be stored; the largest is offset + 25.5. */
  offset: number;
}

/** Offsets per indicator (value range offset … offset + 25.5, step 0.1). */
export const BALE_CODECS = {
  length: { offset: 20 }, // 20.0 … 45.5 mm
  micronaire: { offset: 2 }, // 2.0 … 27.5
  strength: { offset: 20 }, // 20.0 … 45.5 cN/tex
  uniformity: { offset: 70 }, // 70.0 … 95.5 %
  rd: { offset: 60 }, // 60.0 … 85.5 %
  plusB: { offset: 0 }, // 0.0 … 25.5
  moisture: { offset: 0 }, // 0.0 … 25.5 %
  trash: { offset: 0 }, // 0.0 … 25.5 %
} as const satisfies Record<string, BaleIndicatorCodec>;

export type PackedIndicator = keyof typeof BALE_CODECS;

export function packTenths(values: readonly number[], offset: number): Uint8Array {
  const bytes = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    bytes[i] = Math.min(255, Math.max(0, Math.round((values[i] - offset) * 10)));
  }
  return bytes;
}

export function unpackTenths(bytes: Uint8Array, offset: number): number[] {
  const values = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) values[i] = Math.round((offset + bytes[i] / 10) * 10) / 10;
  return values;
}

/** Colour grade codes (11…24), one byte each. */
export function packCodes(codes: readonly number[]): Uint8Array {
  return Uint8Array.from(codes);
}

export function unpackCodes(bytes: Uint8Array): string[] {
  return Array.from(bytes, (code) => String(code));
}

/** Gross weights in kg with one decimal, unsigned 16-bit little-endian tenths (0 … 6553.5 kg). */
export function packWeights(kgs: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(kgs.length * 2);
  const view = new DataView(bytes.buffer);
  kgs.forEach((kg, i) => view.setUint16(i * 2, Math.min(65535, Math.max(0, Math.round(kg * 10))), true));
  return bytes;
}

export function unpackWeights(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 2 }, (_, i) => view.getUint16(i * 2, true) / 10);
}
