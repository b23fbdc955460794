import { AllRegionResult, Envelope, RegionGroupsResult, RegionsResult } from '@cotton/sdk/contracts';

// The region calls: the wire contracts (sdk/src/contracts/region.ts).
export { GetRegionGroupsBody, GetRegionsBody, ROOT_REGION_CODE, Region } from '@cotton/sdk/contracts';

export const RegionsResponse = Envelope(RegionsResult);
export const RegionGroupsResponse = Envelope(RegionGroupsResult);
export const AllRegionResponse = Envelope(AllRegionResult);
