import { useState } from 'react';
import { Message } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react';
import { toApiError } from '../request/api-error';

/** A form field a server refusal may name, and the words that name it. */
export interface RefusalTarget<Field extends string> {
  /** The form field (a path such as `params.days` for a nested one). */
  field: Field;
  /** Words of the refusal that point at the field (the field's label, a code such as `email`). */
  names: readonly string[];
}

/**
 * The field a server refusal names (该角色编码已被使用…, 参数错误：email …): the first target
 * whose names the message contains; null when none, for the message to go above the fields.
 */
export function refusedField<Field extends string>(
  message: string,
  targets: ReadonlyArray<RefusalTarget<Field>>,
): Field | null {
  return targets.find((target) => target.names.some((name) => message.includes(name)))?.field ?? null;
}

/** Options of {@link useFormSave}. */
export interface FormSaveOptions<Field extends string> {
  /** The fields a refusal may name, in the order they are tried, to show it under the field. */
  targets: ReadonlyArray<RefusalTarget<Field>>;
  /** The toast after a successful save (保存成功). */
  savedText: string;
  /** After a successful save. */
  onSaved: () => void;
}

/** What {@link useFormSave} gives the form. */
export interface FormSave<Values> {
  /** A refusal that names no field, for {@link FormDrawerProps.error}. */
  error: string | null;
  /** Sets or clears `error` (clear it when the drawer opens again). */
  setError: (error: string | null) => void;
  /** True while a save runs. */
  saving: boolean;
  /** Validates the form, then sends its values with `send`; does nothing when validation fails. */
  save: (send: (values: Values) => Promise<unknown>) => Promise<void>;
}

/**
 * A form's 保存: validate the form, send, then `savedText` and `onSaved` — or the server's refusal
 * under the field it names (see {@link refusedField}), else above the fields (`error`). A refusal
 * the host has already shown (`handled`) is not shown again.
 */
export function useFormSave<Values, Field extends string>(
  form: FormInstance<Values>,
  { targets, savedText, onSaved }: FormSaveOptions<Field>,
): FormSave<Values> {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(send: (values: Values) => Promise<unknown>) {
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await send(values);
      Message.success(savedText);
      onSaved();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.handled) return;
      const field = refusedField(apiError.message, targets);
      // arco types setFields by the form's own keys; a target may be a nested path (params.days).
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } } as never);
      else setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  return { error, setError, saving, save };
}
