import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { CodeValue, EmptyBody } from './common';
import { REGION_CODE_PATTERN } from '../validators/codes.js';

// Regions (docs/architecture.md, "Portal configuration, regions and dictionaries"):
// `/rest/region/getregions`, `/rest/region/getregiongroups`, `/rest/anon/queryAllRegion`.

/** The country: the parent of the provinces (spec: default region code 100000). */
export const ROOT_REGION_CODE = '100000';

export const GetRegionsBody = Type.Object({
  code: Type.String({
    maxLength: 6,
    pattern: REGION_CODE_PATTERN.source,
    default: ROOT_REGION_CODE,
    title: '行政区划代码',
    errorMessage: '应为 6 位数字的行政区划代码',
  }),
});
export type GetRegionsBody = Static<typeof GetRegionsBody>;

/** One administrative region. */
export const Region = Type.Object({
  code: Type.String(),
  /** Display name. */
  value: Type.String(),
  /** 1 province, 2 city, 3 county */
  level: Type.Integer(),
  isLeaf: Type.Boolean(),
});
export type Region = Static<typeof Region>;

/** `/rest/region/getregions` → `dataSet`: the direct children of `code`. */
export const RegionsResult = Type.Object({ regions: Type.Array(Region) });
export type RegionsResult = Static<typeof RegionsResult>;

export const GetRegionGroupsBody = Type.Object({
  code: Type.String({
    maxLength: 32,
    pattern: '^[a-z][a-z_]{0,31}$',
    title: '分组类型',
    errorMessage: '应为分组类型代码，如 office',
  }),
});
export type GetRegionGroupsBody = Static<typeof GetRegionGroupsBody>;

/** `/rest/region/getregiongroups` → `dataSet`. */
export const RegionGroupsResult = Type.Object({ regionGroups: Type.Array(CodeValue) });
export type RegionGroupsResult = Static<typeof RegionGroupsResult>;

/** `/rest/anon/queryAllRegion` → `dataSet`: the reservation region groups of Xinjiang (北疆, 南疆, 东疆, 兵团). */
export const AllRegionResult = Type.Object({ regionGroupList: Type.Array(CodeValue) });
export type AllRegionResult = Static<typeof AllRegionResult>;

/** The regions' public calls: the cascaders, the offices, the reservation areas. */
export const regionCalls = {
  /** The direct children of a region (the cascaders). */
  children: defineCall({
    method: 'POST',
    path: '/rest/region/getregions',
    body: GetRegionsBody,
    answer: RegionsResult,
  }),
  /** A group of regions by its type (`office`: the offices). */
  groups: defineCall({
    method: 'POST',
    path: '/rest/region/getregiongroups',
    body: GetRegionGroupsBody,
    answer: RegionGroupsResult,
  }),
  /** The Xinjiang reservation areas (kept per change: the public answer cache). */
  reservationAreas: defineCall({
    method: 'POST',
    path: '/rest/anon/queryAllRegion',
    body: EmptyBody,
    answer: AllRegionResult,
  }),
};
