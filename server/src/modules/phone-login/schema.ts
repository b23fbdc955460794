import { Type } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';

/** Loose on purpose: the service checks the mobile with the SDK's `isMobile` and answers its message. */
export const SendSmsBody = Type.Object({
  mobile: Type.String({ maxLength: 32, title: '手机号码' }),
});
export const SendSmsResponse = envelopeSchema(Type.Object({ expiresIn: Type.Integer() }));

/** The spec's names: `captcha` is the SMS code. */
export const PhoneLoginBody = Type.Object({
  mobile: Type.String({ maxLength: 32, title: '手机号码' }),
  captcha: Type.String({ maxLength: 16, title: '验证码' }),
});
