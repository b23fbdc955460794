import {
  Envelope,
  FormLoginResult,
  InitData,
  LoginAgreement,
  LoginPublicKey,
  LogoutResult,
  Nullable,
  RequireChecked,
  SliderChallenge,
  SliderProof,
} from '@cotton/sdk/contracts';

// The login and session calls: the wire contracts (sdk/src/contracts/login.ts, session.ts)
// and the envelopes they are answered in.
export {
  EmptyBody,
  FormLoginBody,
  FormLoginQuery,
  InitData,
  LogoutQuery,
  MenuNode,
  RequireCheckedBody,
  SliderVerifyBody,
  UserInfo,
  ValidateLoginResponse,
} from '@cotton/sdk/contracts';

export const SliderChallengeResponse = Envelope(SliderChallenge);
export const SliderVerifyResponse = Envelope(SliderProof);
export const LoginPublicKeyResponse = Envelope(LoginPublicKey);
export const AgreementResponse = Envelope(Nullable(LoginAgreement));
export const RequireCheckedResponse = Envelope(RequireChecked);
export const FormLoginResponse = Envelope(FormLoginResult);
export const LogoutResponse = Envelope(LogoutResult);
export const InitResponse = Envelope(InitData);
