import { fieldCheckCalls } from '../calls';
import { request } from '../request/client';

/** An arco `Form.Item` rule checked by a function. */
export interface FormValidatorRule {
  /**
   * Calls `callback` with the message to show, or with nothing when the value passes; a check
   * that asks the server answers a promise settled once it has called back (arco waits for it).
   */
  validator: (value: unknown, callback: (error?: string) => void) => void | Promise<void>;
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

/** Which value `notTaken` asks about: a table/field pair the server's duplicate check allows. */
export interface NotTakenTarget {
  /**
   * As the server names it: `sys_users` (登录名), or the table of an admin resource whose `unique`
   * rule the server lets the duplicate check ask (`sys_roles`, `sys_posts`, `banks`, `dict_items`…).
   */
  tableName: string;
  /** `loginName`, `code`, `name`, `itemCode`. */
  fieldName: string;
  /**
   * The value of the field the value is unique within, for a field unique only among rows alike
   * in it (a dictionary item's code: its category's code). Sent only when given; a function is
   * read as the field is checked (a form's parent choice, which may change).
   */
  withinVal?: string | null | (() => string | null);
  /** The record being edited (its id): its own value is not taken. */
  dataId?: string | null;
}

/**
 * A `Form.Item` rule asking the server's duplicate check (`/rest/common/duplicateCheck`)
 * whether the value is used by another record, with the server's message under the field
 * (该登录名已被使用，请更换). Give the item `validateTrigger={['onBlur']}`: checked as the field is
 * left, and again on 保存 (the same value is asked once). A blank value passes (`required`
 * says so), and so does a failed check: the save refuses a taken value anyway.
 */
export function notTaken(target: NotTakenTarget): FormValidatorRule {
  let last: { value: string; within: string | null | undefined; answer: Promise<string | undefined> } | null = null;
  // Any failure (the network, an answer of another shape) lets the value through.
  const ask = async (value: string, withinVal: string | null | undefined): Promise<string | undefined> => {
    try {
      const result = await request.call(fieldCheckCalls.duplicate, {
        tableName: target.tableName,
        fieldName: target.fieldName,
        fieldVal: value,
        dataId: target.dataId ?? null,
        ...(withinVal === undefined ? {} : { withinVal }),
      });
      // Only a clear “taken” refuses: any other answer lets the value through to the save.
      return result.valid === false ? result.message || '该值已被使用，请更换' : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    validator: (value, callback) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return callback();
      const within = typeof target.withinVal === 'function' ? target.withinVal() : target.withinVal;
      if (last?.value !== text || last.within !== within) last = { value: text, within, answer: ask(text, within) };
      return last.answer.then((message) => callback(message));
    },
  };
}
