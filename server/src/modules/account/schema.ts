import { AccountCenter, Envelope, SmsCodeSent, UserInfoResult } from '@cotton/sdk/contracts';
import { Type } from '@fastify/type-provider-typebox';

// The account centre's calls: the wire contracts (sdk/src/contracts/account.ts) and the
// envelopes they are answered in.
export { EmptyBody, SendBindPhoneCodeBody, UpdPwdBody, UpdUserDefaultBody, ValPwdBody } from '@cotton/sdk/contracts';

export const AccountCenterResponse = Envelope(AccountCenter);
export const UserInfoResponse = Envelope(UserInfoResult);
export const SendBindPhoneCodeResponse = Envelope(SmsCodeSent);
export const NullResponse = Envelope(Type.Null());
