import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

export type SchemaCompilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type SerializerFactory = NonNullable<SchemaCompilers['buildSerializer']>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Route schema compilers that several apps of one process share (`buildApp`'s
 * `schemaCompilers`): each route's request validator (ajv) and answer serializer
 * (fast-json-stringify) is compiled once per schema object, not once per app.
 *
 * A server process builds one app and gains nothing from it. The server tests build one app
 * per test server, about a hundred per worker, and compiling the routes' schemas was most of
 * each start (~1 s of ~2 s). The compiled functions hold no state of an app: the validators
 * come from one ajv per set of options and shared schemas (Fastify's own pool, made once
 * here instead of once per app), the serializers are cached per such set too.
 */
export function sharedSchemaCompilers(): SchemaCompilers {
  const serializerFactory = SerializerSelector();
  const serializers = new Map<string, WeakMap<object, Serializer>>();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = serializerFactory(externalSchemas, options);
    const key = JSON.stringify([externalSchemas, options ?? null]);
    let cache = serializers.get(key);
    if (!cache) serializers.set(key, (cache = new WeakMap()));
    const compiled = cache;
    return (route) => {
      // Route schemas are objects (TypeBox); anything else is compiled each time.
      const schema = route.schema;
      if (typeof schema !== 'object' || schema === null) return compile(route);
      let serializer = compiled.get(schema);
      if (!serializer) compiled.set(schema, (serializer = compile(route)));
      return serializer;
    };
  };
  return { buildValidator: AjvCompiler(), buildSerializer };
}
