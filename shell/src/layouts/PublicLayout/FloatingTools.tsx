import { Popover } from '@arco-design/web-react';
import { IconClose, IconMore, IconPhone, IconQrcode, IconQuestionCircle, IconToTop } from '@arco-design/web-react/icon';
import { usePortalConfig, useQuery } from '@cotton/sdk';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { articleHref, fetchHelpArticles } from './cms';
import styles from './FloatingTools.module.css';

/** Spec §9: the back-to-top button appears after 650 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 650;

/**
 * The tools on the right edge: help articles, customer-service phone, official-account QR, back
 * to top. On a phone (below 768 px) they fold behind one button that opens them.
 */
export function FloatingTools() {
  const config = usePortalConfig();
  // Drawn once per page load (spec §9: 5 random service-centre articles).
  const help = useQuery(fetchHelpArticles, []);
  const [showTop, setShowTop] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const update = () => setShowTop(window.scrollY >= BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <div
      className={open ? `${styles.tools} ${styles.toolsOpen}` : styles.tools}
      data-testid="floating-tools"
      data-open={open}
    >
      {help.data && help.data.length > 0 ? (
        <Popover
          position="left"
          content={
            <div className={styles.help} data-testid="help-popover">
              <div className={styles.popoverTitle}>帮助中心</div>
              <ul className={styles.helpList}>
                {help.data.map((article) => (
                  <li key={article.id}>
                    <Link to={articleHref(article)} data-testid="help-article">
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          }
        >
          <button type="button" className={styles.tool} aria-label="帮助中心" data-testid="tool-help">
            <IconQuestionCircle />
          </button>
        </Popover>
      ) : null}
      {config.servicePhone ? (
        <Popover
          position="left"
          content={
            <div className={styles.popover} data-testid="phone-popover">
              <div className={styles.popoverTitle}>总部客服电话</div>
              <div className={styles.phone}>{config.servicePhone}</div>
            </div>
          }
        >
          <button type="button" className={styles.tool} aria-label="总部客服电话" data-testid="tool-phone">
            <IconPhone />
          </button>
        </Popover>
      ) : null}
      {config.qrCode.imageUrl ? (
        <Popover
          position="left"
          content={
            <div className={styles.popover} data-testid="qr-popover">
              <img src={config.qrCode.imageUrl} alt={config.qrCode.title} width={128} height={128} />
              <div className={styles.qrTitle}>{config.qrCode.title}</div>
            </div>
          }
        >
          <button
            type="button"
            className={styles.tool}
            aria-label={config.qrCode.title || '二维码'}
            data-testid="tool-qr"
          >
            <IconQrcode />
          </button>
        </Popover>
      ) : null}
      {showTop ? (
        <button
          type="button"
          className={styles.tool}
          aria-label="回到顶部"
          title="回到顶部"
          data-testid="back-to-top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <IconToTop />
        </button>
      ) : null}
      <button
        type="button"
        className={`${styles.tool} ${styles.toggle}`}
        aria-label={open ? '收起工具' : '更多工具'}
        aria-expanded={open}
        data-testid="tools-toggle"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <IconClose /> : <IconMore />}
      </button>
    </div>
  );
}
