import styles from './MenuIframeRoute.module.css';

export interface MenuIframeRouteProps {
  /** The menu's address: an origin the server allows (`IFRAME_ALLOWED_ORIGINS`, also the CSP's `frame-src`). */
  url: string;
  /** The menu entry's name: the frame's accessible title. */
  title: string;
}

/**
 * An iframe menu (内嵌页面): the page of another system embedded in the tab. The server saved
 * the address only from an allowed origin, and the portal's CSP frames no other; the frame
 * sends no referrer (its address may carry nothing of the portal's).
 */
export function MenuIframeRoute({ url, title }: MenuIframeRouteProps) {
  return (
    <iframe
      className={styles.frame}
      src={url}
      title={title}
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      data-testid="menu-iframe"
    />
  );
}
