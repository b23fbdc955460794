import { Type, type TSchema } from 'typebox';

/**
 * The prefix of the envelope calls: a failure under it answers HTTP 200 with its envelope
 * (docs/architecture.md "Envelope and errors"); elsewhere the status says it.
 */
export const REST_PREFIX = '/rest';

/**
 * Every `/rest/…` answer: `{ rtnCode, rtnMessage, dataSet }` (docs/architecture.md,
 * "Envelope and errors"). `rtnCode` `'0000'` is success; `dataSet` is the call's answer.
 */
export interface Envelope<T> {
  rtnCode: string;
  rtnMessage: string;
  dataSet: T;
}

/** The response schema of a call whose `dataSet` is `dataSet`. */
export function Envelope<T extends TSchema>(dataSet: T) {
  return Type.Object({ rtnCode: Type.String(), rtnMessage: Type.String(), dataSet });
}
