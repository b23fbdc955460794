import { Envelope, PluginManifest } from '@cotton/sdk/contracts';
import { Type } from '@fastify/type-provider-typebox';

// The plugin registry: the manifest is the wire contract of sdk/src/contracts/plugin.ts.
export { PluginManifest } from '@cotton/sdk/contracts';

export const PluginsResponse = Envelope(Type.Object({ plugins: Type.Array(PluginManifest) }));
