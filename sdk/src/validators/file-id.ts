/**
 * A stored file's id (`files.id`): 32 lowercase hex digits. The preview address, a
 * resubmission's kept files and a file look-up are checked with it.
 */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;
