import { usePortalConfig, useQuery } from '@cotton/sdk';
import { Link } from 'react-router-dom';
import { catalogItemHref, fetchUserCenterItems } from './cms';
import styles from './SiteFooter.module.css';

/** Footer: user-centre links, friendly links, hotlines, the official-account QR code, copyright and filing number. */
export function SiteFooter() {
  const config = usePortalConfig();
  const userCenter = useQuery(fetchUserCenterItems, []);
  const links = config.friendlyLinks.slice(0, 4);
  const hotlines = config.hotlines.slice(0, 2);
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={styles.inner}>
        {userCenter.data && userCenter.data.length > 0 ? (
          <section className={styles.column} aria-labelledby="footer-user-center">
            <h2 id="footer-user-center" className={styles.heading}>
              用户中心
            </h2>
            <ul className={styles.userCenter}>
              {userCenter.data.map((item) => (
                <li key={item.id}>
                  {item.openType === 'EXTERNAL_OPEN' ? (
                    <a
                      href={catalogItemHref(item)}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="footer-user-center-link"
                    >
                      {item.title}
                    </a>
                  ) : (
                    <Link to={catalogItemHref(item)} data-testid="footer-user-center-link">
                      {item.title}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className={styles.column} aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            友情链接
          </h2>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" data-testid="friendly-link">
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.column} aria-labelledby="footer-hotlines">
          <h2 id="footer-hotlines" className={styles.heading}>
            服务热线
          </h2>
          <ul className={styles.hotlines}>
            {hotlines.map((hotline) => (
              <li key={`${hotline.label}-${hotline.phone}`} data-testid="footer-hotline">
                <span className={styles.hotlineLabel}>{hotline.label}</span>
                <a className={styles.hotlinePhone} href={`tel:${hotline.phone.replace(/[^\d+]/g, '')}`}>
                  {hotline.phone}
                </a>
              </li>
            ))}
          </ul>
        </section>
        {config.qrCode.imageUrl ? (
          <section className={styles.qr}>
            <img
              src={config.qrCode.imageUrl}
              alt={config.qrCode.title}
              width={96}
              height={96}
              data-testid="footer-qr"
            />
            <span>{config.qrCode.title}</span>
          </section>
        ) : null}
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <span data-testid="footer-copyright">{config.copyright}</span>
          {config.filingNumber ? (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" data-testid="footer-filing">
              {config.filingNumber}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
