/** An arco `Form.Item` rule checked by a function. */
export interface FormValidatorRule {
  /** Calls `callback` with the message to show, or with nothing when the value passes. */
  validator: (value: unknown, callback: (error?: string) => void) => void;
}

/**
 * A `Form.Item` rule refusing an empty or all-blank text with `message` (arco's `required`
 * lets `'   '` through, which the server then refuses).
 */
export function notBlank(message: string): FormValidatorRule {
  return {
    validator: (value, callback) => callback(typeof value === 'string' && value.trim() !== '' ? undefined : message),
  };
}
