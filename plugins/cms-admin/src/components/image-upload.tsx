import { useRef, useState } from 'react';
import { Button, Message, Space, Typography } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import { toApiError } from '@cotton/sdk';
import type { CmsImageUploaded } from '@cotton/sdk/contracts';
import { uploadImage } from '../api';

export interface ImageUploadProps {
  /** What is shown now (a signed address for an upload not yet published). */
  previewUrl: string | null;
  buttonText: string;
  hint: string;
  testId: string;
  onUploaded: (image: CmsImageUploaded) => void;
}

/** Picks one image and uploads it at once; the server checks it is PNG or JPEG by its bytes. */
export function ImageUpload({ previewUrl, buttonText, hint, testId, onUploaded }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadImage(file));
    } catch (failure) {
      const error = toApiError(failure);
      if (!error.handled) Message.error(error.message);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Space direction="vertical" data-testid={testId}>
      {previewUrl ? (
        <img
          src={previewUrl}
          alt=""
          style={{ maxWidth: 360, maxHeight: 160, borderRadius: 4 }}
          data-testid={`${testId}-img`}
        />
      ) : null}
      <Space>
        <Button icon={<IconUpload />} loading={uploading} onClick={() => input.current?.click()}>
          {buttonText}
        </Button>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid={`${testId}-input`}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
    </Space>
  );
}
