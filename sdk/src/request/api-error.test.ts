import { describe, expect, it } from 'vitest';
import { ApiError, canRetry } from './api-error';

describe('canRetry', () => {
  it('offers a retry for network trouble and the server’s own failures', () => {
    for (const code of ['NETWORK', 'BAD_RESPONSE', '429', '500', '502', '503']) {
      expect([code, canRetry(new ApiError(code, 'x'))]).toEqual([code, true]);
    }
  });

  it('offers none for a refused request: trying again fails the same way', () => {
    for (const code of ['400', '401', '403', '404', '504', '1001', 'CANCELED', 'UNKNOWN']) {
      expect([code, canRetry(new ApiError(code, 'x'))]).toEqual([code, false]);
    }
    expect(canRetry(new Error('boom'))).toBe(false);
  });
});
