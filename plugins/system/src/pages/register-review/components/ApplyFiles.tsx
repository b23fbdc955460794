import { Image } from '@arco-design/web-react';
import { IconFilePdf } from '@arco-design/web-react/icon';
import type { RegisterApplyFile } from '@cotton/sdk/contracts';
import type { RegisterReviewLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

/** The types the server previews as pictures (it sniffs PNG and JPEG; docs/registration.md "Files"). */
const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg']);

export function isImageFile(file: RegisterApplyFile): boolean {
  return IMAGE_TYPES.has(file.fileType.toLowerCase());
}

/** 1.2 MB, 356 KB. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface ApplyFilesProps {
  t: RegisterReviewLocale;
  /** The files of a section by field label (营业执照复印件, …). */
  groups: ReadonlyArray<{ label: string; files: RegisterApplyFile[] }>;
}

/**
 * A section's uploads under their field's label: pictures as thumbnails that open large
 * (Arco's preview, one group per section to page through), PDFs as links that open the
 * file in a new tab. Names are the server's cleaned ones, shown as text.
 */
export function ApplyFiles({ t, groups }: ApplyFilesProps) {
  const shown = groups.filter((group) => group.files.length > 0);
  if (shown.length === 0) return null;
  return (
    <Image.PreviewGroup infinite>
      <div className={styles.fileGroups}>
        {shown.map((group, index) => (
          <div key={`${group.label}-${index}`} className={styles.fileGroup}>
            <div className={styles.fileLabel}>{group.label}</div>
            <div className={styles.files}>
              {group.files.map((file) => (
                <div key={file.fileId} className={styles.file} data-testid="register-review-file">
                  {isImageFile(file) ? (
                    <>
                      <Image
                        className={styles.thumb}
                        src={file.previewUrl}
                        alt={file.fileName}
                        width={120}
                        height={90}
                        preview
                      />
                      <span className={styles.fileName} title={file.fileName}>
                        {file.fileName}
                      </span>
                    </>
                  ) : (
                    <a
                      className={styles.pdfLink}
                      href={file.previewUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`${file.fileName}（${t['registerReview.file.openPdf']}）`}
                    >
                      <span className={styles.thumb}>
                        <IconFilePdf className={styles.pdfIcon} />
                      </span>
                      <span className={styles.fileName}>{file.fileName}</span>
                    </a>
                  )}
                  <span className={styles.fileSize}>{formatFileSize(file.fileSize)}</span>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
