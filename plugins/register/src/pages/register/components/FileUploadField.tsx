import { useRef } from 'react';
import { Button, Message, Spin, Upload } from '@arco-design/web-react';
import { IconDelete, IconFilePdf, IconUpload } from '@arco-design/web-react/icon';
import { toApiError } from '@cotton/sdk';
import { queryFileInfo, uploadFile } from '../../../api';
import {
  REGISTER_MESSAGES,
  checkRegisterFile,
  extensionOf,
  registerFileAccepts,
  type RegisterFieldSpec,
  type UploadEntry,
} from '../../../rules';
import styles from '../style/index.module.css';

export interface FileUploadFieldProps {
  value?: UploadEntry[];
  onChange?: (entries: UploadEntry[]) => void;
  spec: RegisterFieldSpec;
  testId: string;
}

let uidSeed = 0;
const nextUid = () => `register-file-${Date.now()}-${++uidSeed}`;

/**
 * An upload field: each file is checked (type by extension, ≤ 10 MB, how many), sent at once
 * to `/webUpload` and shown from its preview address (a pdf as a link). The form keeps the
 * files themselves: the submission sends them.
 */
export function FileUploadField({ value, onChange, spec, testId }: FileUploadFieldProps) {
  const files = spec.files!;
  const entries = value ?? [];
  // What the field holds now, also between a change and the next render (uploads finish late).
  const latest = useRef(entries);
  latest.current = entries;

  const commit = (next: UploadEntry[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const update = (uid: string, patch: Partial<UploadEntry>) =>
    commit(latest.current.map((entry) => (entry.uid === uid ? { ...entry, ...patch } : entry)));
  const remove = (uid: string) => commit(latest.current.filter((entry) => entry.uid !== uid));

  async function send(entry: UploadEntry, file: File) {
    let fileId: string;
    try {
      fileId = (await uploadFile(file, files.field)).fileId;
    } catch (thrown) {
      const error = toApiError(thrown);
      if (!error.handled) Message.error(error.message || '文件上传失败');
      remove(entry.uid);
      return;
    }
    let previewUrl: string | undefined;
    try {
      previewUrl = (await queryFileInfo(fileId))?.previewUrl;
    } catch (thrown) {
      const error = toApiError(thrown);
      if (!error.handled) Message.warning(error.message || '生成预览失败');
    }
    update(entry.uid, { status: 'done', fileId, previewUrl });
  }

  const beforeUpload = (file: File) => {
    const extension = extensionOf(file.name);
    const refusal = checkRegisterFile(files.kind, { type: extension, size: file.size });
    if (refusal) {
      Message.warning(refusal);
      return false;
    }
    if (latest.current.length >= files.max) {
      Message.warning(REGISTER_MESSAGES.tooManyFiles(files.max));
      return false;
    }
    const entry: UploadEntry = { uid: nextUid(), file, name: file.name, extension, status: 'uploading' };
    commit([...latest.current, entry]);
    void send(entry, file);
    // The field sends the file itself; Arco's own request is not used.
    return false;
  };

  const accept = registerFileAccepts(files.kind)
    .map((extension) => `.${extension}`)
    .join(',');

  return (
    <div data-testid={testId} className={styles.upload}>
      <div className={styles.uploadList}>
        {entries.map((entry, index) => (
          <div key={entry.uid} className={styles.uploadItem} data-testid={`${testId}-item`}>
            {entry.status === 'uploading' ? (
              <Spin size={20} className={styles.uploadThumb} />
            ) : entry.extension === 'pdf' ? (
              <a
                className={styles.uploadThumb}
                href={entry.previewUrl}
                target="_blank"
                rel="noopener noreferrer"
                title={entry.name}
              >
                <IconFilePdf style={{ fontSize: 32 }} />
              </a>
            ) : entry.previewUrl ? (
              <a href={entry.previewUrl} target="_blank" rel="noopener noreferrer" title={entry.name}>
                <img className={styles.uploadThumb} src={entry.previewUrl} alt={entry.name} />
              </a>
            ) : (
              <span className={styles.uploadThumb}>{entry.extension.toUpperCase()}</span>
            )}
            <span className={styles.uploadName} title={entry.name}>
              {entry.name}
            </span>
            <Button
              size="mini"
              type="text"
              status="danger"
              icon={<IconDelete />}
              aria-label={`删除 ${entry.name}`}
              data-testid={`${testId}-remove-${index}`}
              onClick={() => remove(entry.uid)}
            />
          </div>
        ))}
      </div>
      {entries.length < files.max ? (
        <Upload
          accept={{ type: accept, strict: false }}
          multiple={files.max > 1}
          showUploadList={false}
          autoUpload
          beforeUpload={beforeUpload}
        >
          <Button icon={<IconUpload />}>上传文件</Button>
        </Upload>
      ) : null}
    </div>
  );
}
