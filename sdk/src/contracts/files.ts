import { Type } from 'typebox';
import { FILE_ID_PATTERN } from '../validators/file-id.js';
import { defineCall } from './call';
import { FileInfoBody, FileInfoResult, UploadedFile } from './register';

// Uploads and previews (spec §7 `/webUpload`, `/auth/webUpload`; docs/registration.md "Files"):
// the shapes are register.ts's (`UploadedFile`, `FileInfoBody`, `FileVo`).

/** A preview address's file: its id. */
const FilePreviewParams = Type.Object({ id: Type.String({ maxLength: 32, pattern: FILE_ID_PATTERN.source }) });

/** A preview address's signature: its expiry (ms) and the signature of id and expiry. */
const FilePreviewQuery = Type.Object({
  exp: Type.String({ maxLength: 13 }),
  sig: Type.String({ maxLength: 64 }),
});

/**
 * The file calls. The uploads are multipart (`file` and the spec's system fields); the
 * applicant's uploads belong to an upload token (`X-Upload-Token`). `info` answers whoever may
 * see the file (its uploader, its upload token, a registration reviewer). `preview` is the
 * signed address `info` answers (`:id`: the file's id, `FILE_ID_PATTERN`), for an `<img>` or a
 * new tab.
 */
export const filesCalls = {
  upload: defineCall({ method: 'POST', path: '/webUpload', kind: 'upload', answer: UploadedFile }),
  authUpload: defineCall({
    method: 'POST',
    path: '/auth/webUpload',
    permission: null,
    kind: 'upload',
    answer: UploadedFile,
  }),
  info: defineCall({
    method: 'POST',
    path: '/rest/file/queryFileInfoByFileId',
    body: FileInfoBody,
    answer: FileInfoResult,
  }),
  preview: defineCall({
    method: 'GET',
    path: '/file/preview/:id',
    params: FilePreviewParams,
    query: FilePreviewQuery,
    kind: 'download',
  }),
};
