import { Type, type TSchema } from 'typebox';

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
