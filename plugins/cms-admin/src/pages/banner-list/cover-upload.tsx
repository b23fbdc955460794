import { useState } from 'react';
import type { AdminContentRow } from '@cotton/sdk/contracts';
import { ImageUpload } from '../../components/image-upload';
import type { CmsLocale } from '../../locale/zh-CN';

export interface CoverUploadProps {
  t: CmsLocale;
  /** The banner edited (its cover's preview address); `null` when adding. */
  row: AdminContentRow | null;
  /** The cover's stored address (`/file/cms/<id>`). */
  value?: string;
  onChange?: (url: string) => void;
}

/** 图片 as a form value: the stored address; shown by the preview address of the upload or the banner. */
export function CoverUpload({ t, row, value, onChange }: CoverUploadProps) {
  const [uploaded, setUploaded] = useState<{ url: string; previewUrl: string } | null>(null);
  const preview =
    uploaded && uploaded.url === value
      ? uploaded.previewUrl
      : row && row.coverUrl === value
        ? (row.coverPreviewUrl ?? row.coverUrl)
        : null;
  return (
    <ImageUpload
      testId="banner-image"
      previewUrl={preview}
      buttonText={t['banner.upload']}
      hint={t['banner.imageHint']}
      onUploaded={(image) => {
        setUploaded({ url: image.url, previewUrl: image.previewUrl });
        onChange?.(image.url);
      }}
    />
  );
}
