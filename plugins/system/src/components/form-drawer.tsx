import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Space } from '@arco-design/web-react';

export interface FormDrawerProps {
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
export interface RefusalTarget<Field extends string> {
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
