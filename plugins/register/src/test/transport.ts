import type { BrowserCall, RequestClient } from '@cotton/sdk';
import { vi, type Mock } from 'vitest';

/**
 * Fakes the transport of `request` by the wire, as the pages' tests answer it: `post(path, body,
 * config)` answers every JSON call — a declared call (`request.call`, whose absent body travels
 * as `{}`) and a path (`request.post`, what the region and bank pickers still send) — and
 * `upload(path, form, config)` every multipart one.
 */
export function fakeTransport(request: RequestClient, post: Mock, upload: Mock): void {
  vi.spyOn(request, 'post').mockImplementation(post);
  // The arguments as `request.post` and `request.upload` took them: no trailing `undefined`.
  const sent = (path: string, data: unknown, config: unknown) =>
    config === undefined ? [path, data] : [path, data, config];
  vi.spyOn(request, 'call').mockImplementation(((call: BrowserCall, body?: unknown, config?: unknown) =>
    post(...sent(call.path, body ?? {}, config))) as RequestClient['call']);
  vi.spyOn(request, 'upload').mockImplementation(((call: BrowserCall | string, form: FormData, config?: unknown) =>
    upload(...sent(typeof call === 'string' ? call : call.path, form, config))) as RequestClient['upload']);
}
