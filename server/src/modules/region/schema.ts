import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { CodeValue } from '../shared/schema';

export const ROOT_REGION_CODE = '100000';

export const GetRegionsBody = Type.Object({
  code: Type.String({
    pattern: '^\\d{6}$',
    default: ROOT_REGION_CODE,
    title: '行政区划代码',
    errorMessage: '应为 6 位数字的行政区划代码',
  }),
});

export const Region = Type.Object({
  code: Type.String(),
  value: Type.String(),
  /** 1 province, 2 city, 3 county */
  level: Type.Integer(),
  isLeaf: Type.Boolean(),
});
export type Region = Static<typeof Region>;

export const RegionsResponse = envelopeSchema(Type.Object({ regions: Type.Array(Region) }));

export const GetRegionGroupsBody = Type.Object({
  code: Type.String({
    pattern: '^[a-z][a-z_]{0,31}$',
    title: '分组类型',
    errorMessage: '应为分组类型代码，如 office',
  }),
});

export const RegionGroupsResponse = envelopeSchema(Type.Object({ regionGroups: Type.Array(CodeValue) }));

export const AllRegionResponse = envelopeSchema(Type.Object({ regionGroupList: Type.Array(CodeValue) }));
