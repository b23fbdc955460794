import { Envelope, FileInfoResult, UploadedFile } from '@cotton/sdk/contracts';

// Uploads and previews: the wire contracts (sdk/src/contracts/register.ts).
export { FileInfoBody } from '@cotton/sdk/contracts';

export const UploadResponse = Envelope(UploadedFile);
export const FileInfoResponse = Envelope(FileInfoResult);
