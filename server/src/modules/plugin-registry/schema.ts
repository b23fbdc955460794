import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';

/** `PluginManifest` of `@cotton/sdk` (sdk/src/plugin.ts). */
export const PluginManifest = Type.Object({
  id: Type.String(),
  version: Type.String(),
  entry: Type.String(),
  integrity: Type.String(),
  routes: Type.Array(
    Type.Object({ path: Type.String(), public: Type.Boolean(), title: Type.Optional(Type.String()) }),
  ),
  components: Type.Array(Type.String()),
  sdkVersion: Type.String(),
  /** Shared specifiers the bundle imports, sorted (`[]` for manifests written before the field). */
  sharedImports: Type.Array(Type.String()),
  /** The bundle's extra chunks (dynamic imports), each with its `sha384-…`; absent for a one-file bundle. */
  chunks: Type.Optional(Type.Array(Type.Object({ url: Type.String(), integrity: Type.String() }))),
});
export type PluginManifest = Static<typeof PluginManifest>;

export const PluginsResponse = envelopeSchema(Type.Object({ plugins: Type.Array(PluginManifest) }));
