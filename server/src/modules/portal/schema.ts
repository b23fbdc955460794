import { Envelope, PortalConfig } from '@cotton/sdk/contracts';

// `/rest/anon/portalConfig`: the wire contract (sdk/src/contracts/portal.ts).
export { PortalConfig } from '@cotton/sdk/contracts';

export const PortalConfigResponse = Envelope(PortalConfig);
