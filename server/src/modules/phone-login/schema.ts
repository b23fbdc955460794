import { Envelope, SmsCodeSent } from '@cotton/sdk/contracts';

// `/account/sms` and `/sys/phoneLogin`: the wire contracts (sdk/src/contracts/login.ts).
export { PhoneLoginBody, SendSmsBody } from '@cotton/sdk/contracts';

export const SendSmsResponse = Envelope(SmsCodeSent);
