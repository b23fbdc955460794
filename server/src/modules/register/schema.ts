import {
  Envelope,
  EntryAgreementPreview,
  RegisterAccountTypeDetailResult,
  RegisterAccountTypesResult,
  RegisterAgreement,
  RegisterApplyResult,
  ServiceAreaPhoneResult,
  ServiceAreasResult,
  CfcaAgreementLink,
  RegisterApplicantView,
  RegisterStatusCodeResult,
} from '@cotton/sdk/contracts';
import { Type } from 'typebox';

// Registration: the wire contracts (sdk/src/contracts/register.ts).
export {
  CheckTraderNameBody,
  JudgeEnterpriseBody,
  RegisterAccountTypeDetailBody,
  RegisterAgreementBody,
  ServiceAreaPhoneBody,
  RegisterStatusCodeBody,
  RegisterStatusQueryBody,
  RegisterStatusTokenBody,
} from '@cotton/sdk/contracts';

export const AccountTypesResponse = Envelope(RegisterAccountTypesResult);
export const AccountTypeDetailResponse = Envelope(RegisterAccountTypeDetailResult);
export const EntryAgreementResponse = Envelope(EntryAgreementPreview);
export const AgreementResponse = Envelope(RegisterAgreement);
export const ServiceAreasResponse = Envelope(ServiceAreasResult);
export const ServiceAreaPhoneResponse = Envelope(ServiceAreaPhoneResult);
export const ApplyResponse = Envelope(RegisterApplyResult);
/** The name and code checks answer `0000` with nothing, or 504 with the reason. */
export const CheckResponse = Envelope(Type.Null());
/** Bodies with nothing in them. */
export const EmptyBody = Type.Object({}, { additionalProperties: true, maxProperties: 8 });
export const CfcaAgreementResponse = Envelope(CfcaAgreementLink);
export const StatusCodeResponse = Envelope(RegisterStatusCodeResult);
export const ApplicantViewResponse = Envelope(RegisterApplicantView);
/** The header a resubmission carries the applicant's status token in. */
export const STATUS_TOKEN_HEADER = 'x-register-status-token';
export const StatusTokenHeaders = Type.Object({
  [STATUS_TOKEN_HEADER]: Type.Optional(Type.String({ maxLength: 200 })),
});
