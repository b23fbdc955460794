import { Type } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { CodeValue } from '../shared/schema';

const CategoryCode = (title: string) =>
  Type.String({
    pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
    title,
    errorMessage: '应为字典分类代码（字母、数字、下划线），如 WHS_TYPE',
  });

/** Also accepts the spec's `appCode`, `dbSchema`, `tableName`, `entityClassName` (ignored). */
export const GetDictListBody = Type.Object({
  categoryCode: CategoryCode('字典分类代码'),
  appCode: Type.Optional(Type.String({ maxLength: 64 })),
  dbSchema: Type.Optional(Type.String({ maxLength: 64 })),
  tableName: Type.Optional(Type.String({ maxLength: 64 })),
  entityClassName: Type.Optional(Type.String({ maxLength: 256 })),
});

export const DictListResponse = envelopeSchema(Type.Object({ dictList: Type.Array(CodeValue) }));

export const GetDictListsBody = Type.Object({
  dictCategorys: Type.Array(CategoryCode('字典分类代码'), { minItems: 1, maxItems: 20, title: '字典分类代码列表' }),
});

export const DictListsResponse = envelopeSchema(
  Type.Object({ dictLists: Type.Record(Type.String(), Type.Array(CodeValue)) }),
);
