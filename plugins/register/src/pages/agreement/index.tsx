import { Result, Spin } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import { useParams } from 'react-router-dom';
import { getAgreement } from '../../api';
import styles from './style/index.module.css';

/** Plain text into paragraphs: they are separated by blank lines. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** `/register/agreement/:code`: an agreement the registration links to (入市协议, 注册协议, 隐私政策). */
export function AgreementPage() {
  const { code = '' } = useParams();
  const { data, error } = useQuery(() => getAgreement(code), [code], { silent: true });

  let body;
  if (error) {
    body = <Result status="404" title="无法查看该协议" subTitle={error.message} data-testid="agreement-error" />;
  } else if (!data) {
    body = (
      <div className={styles.loading}>
        <Spin tip="加载中…" />
      </div>
    );
  } else {
    body = (
      <article data-testid="agreement">
        <h3 className={styles.title} data-testid="agreement-title">
          {data.title}
        </h3>
        <div className={styles.content} data-testid="agreement-content">
          {paragraphsOf(data.content).map((paragraph, index) => (
            <p key={index} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </div>
      </article>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.inner}>{body}</div>
    </div>
  );
}
