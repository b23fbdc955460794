/**
 * Cotton quality on the receipt pages (docs/cotton-quality.md, GB 1103.1-2012). The grade
 * lists and the colour grades' names are the SDK's (`COLOR_GRADES`, `colorGradeName`…, shared
 * with the server); here what only these pages use.
 */

/** Colour types with the inspection fields holding each grade's share of bales. */
export const COLOR_TYPES = [
  { name: '白棉', fields: ['whiteRate1', 'whiteRate2', 'whiteRate3', 'whiteRate4', 'whiteRate5'] },
  { name: '淡点污棉', fields: ['spotRate1', 'spotRate2', 'spotRate3'] },
  { name: '淡黄染棉', fields: ['yellowishRate1', 'yellowishRate2', 'yellowishRate3'] },
  { name: '黄染棉', fields: ['yellowRate1', 'yellowRate2'] },
] as const;

/** The length shown on a receipt: the second part of `principalPartRank` ("31 29" → "29"). */
export function lengthOfRank(principalPartRank: string | null | undefined): string | null {
  const part = (principalPartRank ?? '').trim().split(/\s+/)[1];
  return part && part !== '--' ? part : null;
}
