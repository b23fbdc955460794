import { useRef, useState } from 'react';
import { Button, Checkbox, Message, Space } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { fillText, toApiError } from '@cotton/sdk';
import { installPlugin } from '../../../api';
import type { PluginListLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

export interface UploadButtonProps {
  t: PluginListLocale;
  onInstalled: () => void;
}

/**
 * 上传插件: picks a `<id>-<version>.tgz` and installs it; the server checks everything and
 * its refusal is shown as it says. A plugin's first version is always enabled; a later one
 * becomes the active version when 安装后立即启用新版本 is ticked (a disabled plugin stays
 * disabled: the message says so).
 */
export function UploadButton({ t, onInstalled }: UploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [activate, setActivate] = useState(true);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    setUploading(true);
    try {
      const installed = await installPlugin(file, activate);
      // What happened: the new version active and loaded, active but its plugin disabled, or stored only.
      const done = !installed.active
        ? 'pluginList.installed.inactive'
        : installed.enabled
          ? 'pluginList.installed.active'
          : 'pluginList.installed.activeDisabled';
      const text = fillText(t[done], { id: installed.id, version: installed.version });
      if (installed.signer)
        Message.success(`${text}${fillText(t['pluginList.installed.signed'], { name: installed.signer })}`);
      else Message.warning({ content: `${text}${t['pluginList.installed.unsigned']}`, duration: 8000, closable: true });
      onInstalled();
    } catch (failure) {
      const apiError = toApiError(failure);
      if (!apiError.handled) Message.error({ content: apiError.message, duration: 8000, closable: true });
    } finally {
      setUploading(false);
    }
  }

  return (
    <Space>
      <input
        ref={input}
        type="file"
        accept=".tgz,.tar.gz,application/gzip"
        className={styles.fileInput}
        data-testid="plugin-upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button
        type="primary"
        icon={<IconUpload />}
        loading={uploading}
        data-testid="plugin-upload"
        onClick={() => input.current?.click()}
      >
        {uploading ? t['pluginList.upload.uploading'] : t['pluginList.upload']}
      </Button>
      <Checkbox checked={activate} onChange={setActivate} data-testid="plugin-upload-activate">
        {t['pluginList.upload.activate']}
      </Checkbox>
    </Space>
  );
}
