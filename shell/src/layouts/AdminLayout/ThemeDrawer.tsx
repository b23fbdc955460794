import { Button, Drawer, Message, Radio } from '@arco-design/web-react';
import type { UserPreferences } from '@cotton/sdk/contracts';
import { isApiError, request } from '@cotton/sdk';
import { accountCalls } from '@cotton/sdk/calls';
import { MENU_LAYOUTS, THEME_COLORS, THEME_MODES } from '@cotton/sdk/validators';
import { useEffect, useRef, useState } from 'react';
import { getPreferences, setPreferences } from '../../theme/theme';
import styles from './ThemeDrawer.module.css';

export interface ThemeDrawerProps {
  visible: boolean;
  onClose: () => void;
}

/**
 * 布局与主题: the menu's place, light or dark, the primary colour. Each choice shows at once
 * (a preview); 保存 keeps it on the server, 取消 or closing goes back to the saved one.
 */
export function ThemeDrawer({ visible, onClose }: ThemeDrawerProps) {
  const saved = useRef<UserPreferences | null>(null);
  const [draft, setDraft] = useState<UserPreferences | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!visible) return;
    saved.current = getPreferences();
    setDraft(saved.current);
  }, [visible]);

  function change(patch: Partial<UserPreferences>) {
    if (!draft) return;
    const next = { ...draft, ...patch };
    setDraft(next);
    setPreferences(next, { persist: false });
  }

  function cancel() {
    if (saving) return;
    setPreferences(saved.current, { persist: false });
    onClose();
  }

  async function save() {
    if (!draft || saving) return;
    setSaving(true);
    try {
      const answer = await request.call(accountCalls.updateDefaults, { preferences: draft });
      setPreferences(answer.preferences);
      saved.current = answer.preferences;
      Message.success('布局与主题已保存');
      onClose();
    } catch (error) {
      if (!(isApiError(error) && error.handled)) {
        Message.error(error instanceof Error && error.message ? error.message : '保存失败，请重试');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      title="布局与主题"
      width={360}
      visible={visible}
      onCancel={cancel}
      unmountOnExit
      footer={
        <div className={styles.footer}>
          <Button onClick={cancel} disabled={saving} data-testid="theme-cancel">
            取消
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="theme-save">
            保存
          </Button>
        </div>
      }
    >
      {draft ? (
        <div className={styles.body} data-testid="theme-drawer">
          <section>
            <h3 className={styles.heading}>菜单布局</h3>
            <Radio.Group
              type="button"
              value={draft.menuLayout}
              onChange={(value: UserPreferences['menuLayout']) => change({ menuLayout: value })}
            >
              {MENU_LAYOUTS.map((layout) => (
                <Radio key={layout.value} value={layout.value} data-testid={`theme-layout-${layout.value}`}>
                  {layout.label}
                </Radio>
              ))}
            </Radio.Group>
          </section>
          <section>
            <h3 className={styles.heading}>主题</h3>
            <Radio.Group
              type="button"
              value={draft.theme}
              onChange={(value: UserPreferences['theme']) => change({ theme: value })}
            >
              {THEME_MODES.map((mode) => (
                <Radio key={mode.value} value={mode.value} data-testid={`theme-mode-${mode.value}`}>
                  {mode.label}
                </Radio>
              ))}
            </Radio.Group>
          </section>
          <section>
            <h3 className={styles.heading}>主题色</h3>
            <div className={styles.colors} role="radiogroup" aria-label="主题色">
              {THEME_COLORS.map((color) => {
                const selected = color.value === draft.primaryColor;
                return (
                  <button
                    key={color.value}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={color.label}
                    title={color.label}
                    className={selected ? `${styles.color} ${styles.selected}` : styles.color}
                    // The swatch is drawn in the palette of the current theme, as the buttons will be.
                    style={{ background: `rgb(var(--${color.palette}-6))` }}
                    onClick={() => change({ primaryColor: color.value })}
                    data-testid={`theme-color-${color.palette}`}
                  />
                );
              })}
            </div>
          </section>
          <section>
            <h3 className={styles.heading}>预览</h3>
            <div className={styles.preview}>
              <Button type="primary">主要按钮</Button>
              <Button>次要按钮</Button>
            </div>
          </section>
        </div>
      ) : null}
    </Drawer>
  );
}
