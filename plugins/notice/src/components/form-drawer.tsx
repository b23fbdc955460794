// A copy of plugins/system/src/components/form-drawer.tsx: plugins share code only through the SDK.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Message, Space } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';

interface FormDrawerProps {
  /** `data-testid` of the body; the save button is `<testId>-save`, the error `<testId>-error`. */
  testId: string;
  title: ReactNode;
  visible: boolean;
  width?: number;
  saving: boolean;
  /** A refusal that names no field, shown above the fields. */
  error: string | null;
  saveText: string;
  cancelText: string;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}

/** The system pages' add / edit drawer: the form, a refusal above it, 取消 and 保存 below. */
export function FormDrawer({
  testId,
  title,
  visible,
  width = 480,
  saving,
  error,
  saveText,
  cancelText,
  onClose,
  onSave,
  children,
}: FormDrawerProps) {
  return (
    <Drawer
      width={width}
      title={title}
      visible={visible}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>{cancelText}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
            {saveText}
          </Button>
        </Space>
      }
    >
      <div data-testid={testId}>
        {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} data-testid={`${testId}-error`} />}
        {children}
      </div>
    </Drawer>
  );
}

/** A form field a server refusal may name, and the words that name it. */
interface RefusalTarget<Field extends string> {
  field: Field;
  names: readonly string[];
}

/**
 * The field a server refusal names (该角色编码已被使用…, 参数错误：email …): the first whose
 * names the message contains; null when none, for the message to go above the fields.
 */
export function refusedField<Field extends string>(
  message: string,
  targets: ReadonlyArray<RefusalTarget<Field>>,
): Field | null {
  return targets.find((target) => target.names.some((name) => message.includes(name)))?.field ?? null;
}

interface FormSaveOptions<Field extends string> {
  /** The fields a refusal may name, to show it under the field. */
  targets: ReadonlyArray<RefusalTarget<Field>>;
  /** 保存成功. */
  savedText: string;
  /** After a successful save. */
  onSaved: () => void;
}

/**
 * The drawer's 保存: validate the form, send, then 保存成功 and `onSaved` — or the server's
 * refusal under the field it names, else above the fields (`error`). `saving` while it runs.
 */
export function useFormSave<Values, Field extends string>(
  form: FormInstance<Values>,
  { targets, savedText, onSaved }: FormSaveOptions<Field>,
) {
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
      if (field) form.setFields({ [field]: { error: { message: apiError.message } } } as never);
      else setError(apiError.message);
    } finally {
      setSaving(false);
    }
  }

  return { error, setError, saving, save };
}
