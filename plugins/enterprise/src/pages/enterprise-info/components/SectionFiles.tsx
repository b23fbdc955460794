import { Image } from '@arco-design/web-react';
import { IconFilePdf } from '@arco-design/web-react/icon';
import type { RegisterApplyFile } from '@cotton/sdk/contracts';
import type { EnterpriseInfoLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';

/** The types the server previews as pictures (it sniffs PNG and JPEG; docs/registration.md "Files"). */
const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg']);

export interface SectionFilesProps {
  t: EnterpriseInfoLocale;
  groups: ReadonlyArray<{ label: string; files: RegisterApplyFile[] }>;
}

/**
 * A section's files under their field's label: pictures as thumbnails that open large, PDFs as
 * links to a new tab. The addresses are good for ten minutes: 刷新 gives new ones.
 */
export function SectionFiles({ t, groups }: SectionFilesProps) {
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
                <div key={file.fileId} className={styles.file} data-testid="enterprise-info-file">
                  {IMAGE_TYPES.has(file.fileType.toLowerCase()) ? (
                    <Image
                      className={styles.thumb}
                      src={file.previewUrl}
                      alt={file.fileName}
                      width={120}
                      height={90}
                      preview
                    />
                  ) : (
                    <a
                      className={styles.thumb}
                      href={file.previewUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`${file.fileName}（${t['enterpriseInfo.file.openPdf']}）`}
                    >
                      <IconFilePdf className={styles.pdfIcon} />
                    </a>
                  )}
                  <span className={styles.fileName} title={file.fileName}>
                    {file.fileName}
                  </span>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
