import { useState } from 'react';
import { Alert, Button, Input, Modal, Typography } from '@arco-design/web-react';
import { IconCode } from '@arco-design/web-react/icon';
import { fillText, getPluginDevModeService } from '@cotton/sdk';
import type { PluginListLocale } from '../locale/zh-CN';

export interface DevModeButtonProps {
  t: PluginListLocale;
}

/** The address `cotton-plugin dev` serves on by default. */
export const DEFAULT_DEV_SERVER = 'http://127.0.0.1:5174';

/**
 * 开发模式 (docs/plugins.md "Dev mode"): this browser loads a plugin from its author's dev
 * server (`cotton-plugin dev`) instead of the installed version, reloading after each build.
 * Shown only where the host offers it: non-production portals, users who may install plugins.
 */
export function DevModeButton({ t }: DevModeButtonProps) {
  const service = getPluginDevModeService();
  const state = service.getState();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState(state?.url ?? DEFAULT_DEV_SERVER);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  if (!service.isAvailable()) return null;

  async function switchOn() {
    setBusy(true);
    setError('');
    try {
      await service.switchOn(address);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <>
      <Button icon={<IconCode />} onClick={() => setOpen(true)} data-testid="plugin-dev-mode">
        {state ? fillText(t['pluginList.dev.on'], { url: state.url }) : t['pluginList.dev.button']}
      </Button>
      <Modal
        title={t['pluginList.dev.title']}
        visible={open}
        onCancel={() => setOpen(false)}
        footer={
          <>
            {state && (
              <Button status="warning" onClick={() => service.switchOff()} data-testid="plugin-dev-switch-off">
                {t['pluginList.dev.switchOff']}
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>{t['pluginList.dev.cancel']}</Button>
            <Button type="primary" loading={busy} onClick={() => void switchOn()} data-testid="plugin-dev-switch-on">
              {t['pluginList.dev.switchOn']}
            </Button>
          </>
        }
      >
        <Typography.Paragraph>{t['pluginList.dev.intro']}</Typography.Paragraph>
        <Input
          value={address}
          maxLength={200}
          onChange={setAddress}
          onPressEnter={() => void switchOn()}
          placeholder={DEFAULT_DEV_SERVER}
          aria-label={t['pluginList.dev.address']}
          data-testid="plugin-dev-address"
        />
        {error && <Alert type="error" content={error} style={{ marginTop: 12 }} data-testid="plugin-dev-error" />}
      </Modal>
    </>
  );
}
