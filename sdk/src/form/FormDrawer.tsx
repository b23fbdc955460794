import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Form, Space } from '@arco-design/web-react';
import { useTabDrawer, useUnsavedChanges } from '../workspace/workspace-page';

/** Props of {@link FormDrawer}. */
export interface FormDrawerProps {
  /** `data-testid` of the body; the save button is `<testId>-save`, the error `<testId>-error`. */
  testId: string;
  /** The drawer's title (新增岗位 / 编辑岗位). */
  title: ReactNode;
  /** Open or closed. */
  visible: boolean;
  /** Width in px; 480 when not given. */
  width?: number;
  /** The save button spins while true. */
  saving: boolean;
  /** A refusal that names no field, shown above the fields. */
  error: string | null;
  /** The save button's text (保存). */
  saveText: string;
  /** The cancel button's text (取消). */
  cancelText: string;
  /** 取消, the close button or the mask: the page closes the drawer. */
  onClose: () => void;
  /** 保存: usually `() => void save(send)` of {@link useFormSave}. */
  onSave: () => void;
  /** The form. */
  children: ReactNode;
}

/**
 * The back office's add / edit drawer: the form, a refusal above it, 取消 and 保存 below. Its body
 * is unmounted when closed, so the form starts afresh each time. Pairs with {@link useFormSave}.
 *
 * In a tab of the back office it belongs to the tab (issue 31): it mounts inside the tab below
 * the tab bar ({@link useTabDrawer}), so that switching tabs and back finds it as it was
 * left; once something is typed or chosen in it (a field's input or change event, or a value
 * an Arco form takes from the user: an option of a Select, a Cascader, a day of a DatePicker,
 * picked in their pop-ups) the page is unsaved ({@link useUnsavedChanges}) until the drawer
 * closes, and closing the tab (or the browser's) asks first.
 */
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
  const tabDrawer = useTabDrawer();
  const body = useRef<HTMLDivElement>(null);
  const [typedIn, setTypedIn] = useState(false);
  // True while an event of the user's inside the drawer is dispatched (its pop-ups too: React
  // events bubble through portals): a form value changed then is the user's, not the page's
  // filling of the form as it opens.
  const acting = useRef(false);
  const act = () => {
    acting.current = true;
    queueMicrotask(() => {
      acting.current = false;
    });
  };
  // Closed (saved or cancelled): nothing left unsaved.
  if (!visible && typedIn) setTypedIn(false);
  useUnsavedChanges(visible && typedIn);
  return (
    <Drawer
      width={width}
      title={title}
      visible={visible}
      onCancel={onClose}
      unmountOnExit
      {...tabDrawer}
      // In a tab there is no focus lock to move the focus in: the first field takes it, as the
      // lock would give it, so that typing and Esc work at once.
      afterOpen={
        tabDrawer.focusLock === false
          ? () => {
              const inside = body.current;
              if (!inside || inside.contains(document.activeElement)) return;
              inside.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])')?.focus();
            }
          : undefined
      }
      footer={
        <Space>
          <Button onClick={onClose}>{cancelText}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
            {saveText}
          </Button>
        </Space>
      }
    >
      <div
        ref={body}
        data-testid={testId}
        onChange={() => setTypedIn(true)}
        onMouseDownCapture={act}
        onClickCapture={act}
        onKeyDownCapture={act}
      >
        {error && <Alert type="error" content={error} style={{ marginBottom: 16 }} data-testid={`${testId}-error`} />}
        <Form.Provider
          onFormValuesChange={() => {
            if (acting.current) setTypedIn(true);
          }}
        >
          {children}
        </Form.Provider>
      </div>
    </Drawer>
  );
}
