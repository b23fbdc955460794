/**
 * The event a page sends on `window` once it has marked notices read: the header's bell
 * (docs/architecture.md "Notices") counts again at once instead of at its next poll.
 */
export const NOTICE_READ_EVENT = 'cotton:notice-read';
