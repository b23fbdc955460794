import { defineCall } from './call';
import { DuplicateCheckBody, FieldCheckResult, RuleCheckBody } from './list';

// The back-office forms' duplicate and rule checks (docs/auth.md, "User administration"):
// `/rest/common/…` calls any logged-in user makes; the schemas are the generic list's
// (contracts/list.ts). Only the pairs and rules the server allow-lists are checked.

/** The forms' checks. */
export const fieldCheckCalls = {
  /** Is the value already used by another row? */
  duplicate: defineCall({
    method: 'POST',
    path: '/rest/common/duplicateCheck',
    permission: null,
    body: DuplicateCheckBody,
    answer: FieldCheckResult,
  }),
  /** Does the value pass the named rule? */
  rule: defineCall({
    method: 'POST',
    path: '/rest/common/ruleCheck',
    permission: null,
    body: RuleCheckBody,
    answer: FieldCheckResult,
  }),
};
