import { useEffect, useRef, useState } from 'react';
import { Button, Link, Message, Space, Typography } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { filesCalls, pluginEntityCalls } from '../calls';
import type { EntityFieldDeclaration } from '../contracts/plugin-entity';
import { toApiError } from '../request/api-error';
import { request } from '../request/client';
import { checkRegisterFile, registerFileAccepts } from '../validators/register';
import { entityCall } from './entity-call';

/**
 * A plugin entity's `file` field in the browser (docs/plugins.md "Plugin data"): the link that
 * previews a row's file in a new tab (list, 详情) and the drawer's upload control. The file's
 * bytes are the portal's: the link asks for a short-lived preview address (`…/getFile`, for
 * whoever may see the row), the control uploads to the entity's `…/upload`.
 */

export const ENTITY_FILE_MESSAGES = {
  upload: '上传文件',
  replace: '重新上传',
  remove: '移除',
  image: '支持 PNG、JPG 图片，不超过 10 MB',
  imageOrPdf: '支持 PNG、JPG 图片或 PDF，不超过 10 MB',
  /** A value whose name is not known here (sent by another client). */
  unnamed: '已上传的文件',
  /** 保存 while the file is still being uploaded. */
  uploading: '文件正在上传，请稍候再保存',
} as const;

/** Whether a file field's upload is under way: its control sets it, the form's check reads it. */
export interface EntityUploadState {
  uploading: boolean;
}

/**
 * Opens a preview address in a new tab of its own (`noopener`), once the portal has answered it
 * (within the click's activation: one short call).
 */
async function openPreview(address: () => Promise<string>): Promise<void> {
  try {
    window.open(new URL(await address(), window.location.href).href, '_blank', 'noopener');
  } catch (failure) {
    const error = toApiError(failure);
    if (!error.handled) Message.error(error.message);
  }
}

/** A row's file as its name: a click previews it. */
export function EntityFileLink(props: {
  pluginId: string;
  entity: string;
  field: string;
  rowId: string;
  fileName: string | null | undefined;
}) {
  const { pluginId, entity, field, rowId, fileName } = props;
  if (!fileName) return null;
  const preview = () =>
    openPreview(async () => {
      const call = entityCall(pluginEntityCalls.file, pluginId, entity);
      return (await request.call(call, { id: rowId, field })).previewUrl;
    });
  return (
    <Link data-testid={`entity-file-${field}`} onClick={() => void preview()}>
      {fileName}
    </Link>
  );
}

export interface EntityFileUploadProps {
  pluginId: string;
  entity: string;
  field: EntityFieldDeclaration;
  /** The row edited (its file's name and id), `null` when adding. */
  row: Record<string, unknown> | null;
  disabled?: boolean;
  /** Set while an upload is under way (the form refuses 保存 until it ends). */
  state?: EntityUploadState;
  /** The file's id (the form's value). */
  value?: string | null;
  onChange?: (fileId: string | null) => void;
}

/**
 * The drawer's control of a `file` field: the file's name (a click previews it), 上传文件 /
 * 重新上传 and, unless the field is required, 移除. The kind and size are checked before the
 * upload, and again by the portal, by the file's bytes.
 */
export function EntityFileUpload(props: EntityFileUploadProps) {
  const { pluginId, entity, field, row, disabled, state, value, onChange } = props;
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  // An answer that comes after the drawer closed is not the next form's.
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (state) state.uploading = false;
    };
  }, [state]);
  const [uploaded, setUploaded] = useState<{ fileId: string; fileName: string } | null>(null);
  const kind = field.accept ?? 'imageOrPdf';
  const own = row !== null && row[field.name] === value;
  const name = !value
    ? null
    : uploaded?.fileId === value
      ? uploaded.fileName
      : own
        ? ((row.fileNames as Record<string, string | null> | undefined)?.[field.name] ?? ENTITY_FILE_MESSAGES.unnamed)
        : ENTITY_FILE_MESSAGES.unnamed;

  async function upload(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkRegisterFile(kind, { type: file.name.split('.').pop() ?? '', size: file.size });
    if (problem) {
      Message.error(problem);
      return;
    }
    setUploading(true);
    if (state) state.uploading = true;
    try {
      const form = new FormData();
      // The field first: the portal reads it before the file.
      form.append('field', field.name);
      form.append('file', file, file.name);
      const answer = await request.upload(entityCall(pluginEntityCalls.upload, pluginId, entity), form);
      if (!live.current) return;
      setUploaded({ fileId: answer.fileId, fileName: answer.fileName });
      onChange?.(answer.fileId);
    } catch (failure) {
      const error = toApiError(failure);
      if (live.current && !error.handled) Message.error(error.message);
    } finally {
      if (state) state.uploading = false;
      if (live.current) setUploading(false);
    }
  }

  const preview = () =>
    openPreview(async () => {
      if (own && row) {
        const call = entityCall(pluginEntityCalls.file, pluginId, entity);
        return (await request.call(call, { id: String(row.id), field: field.name })).previewUrl;
      }
      // A file just uploaded: its uploader's.
      const answer = await request.call(filesCalls.info, { fileId: value! });
      return answer.fileVos[0].previewUrl;
    });

  return (
    <Space direction="vertical" size={4} data-testid={`entity-upload-${field.name}`}>
      {name ? (
        <Space>
          <Link onClick={() => void preview()} data-testid={`entity-upload-${field.name}-name`}>
            {name}
          </Link>
          {!disabled && !field.required ? (
            <Button size="mini" type="text" status="danger" onClick={() => onChange?.(null)}>
              {ENTITY_FILE_MESSAGES.remove}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {disabled ? null : (
        <Space>
          <Button icon={<IconUpload />} loading={uploading} onClick={() => input.current?.click()}>
            {value ? ENTITY_FILE_MESSAGES.replace : ENTITY_FILE_MESSAGES.upload}
          </Button>
          <Typography.Text type="secondary">{ENTITY_FILE_MESSAGES[kind]}</Typography.Text>
        </Space>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={registerFileAccepts(kind)
          .map((type) => `.${type}`)
          .join(',')}
        aria-label={field.label}
        data-testid={`entity-upload-${field.name}-input`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
    </Space>
  );
}
