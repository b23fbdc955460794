import { Message } from '@arco-design/web-react';
import { toApiError } from './api-error';

/**
 * Shows a failed call as a toast: nothing when the user was told already (`handled`), a warning
 * for a 510 (the server's business warning), else an error.
 */
export function showFailure(error: unknown): void {
  const apiError = toApiError(error);
  if (apiError.handled) return;
  if (apiError.code === '510') Message.warning(apiError.message);
  else Message.error(apiError.message);
}
