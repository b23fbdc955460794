import { Popover } from '@arco-design/web-react';
import { IconClose, IconMore, IconPhone, IconQrcode, IconQuestionCircle, IconToTop } from '@arco-design/web-react/icon';
import { usePortalConfig, useQuery } from '@cotton/sdk';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { articleHref, fetchHelpArticles } from './cms';
import styles from './FloatingTools.module.css';

/** Spec §9: the back-to-top button appears after 650 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 650;

/** The public pages' phone breakpoint (FloatingTools.module.css): the tools fold into one button. */
const PHONE_MEDIA_QUERY = '(max-width: 767px)';

/**
 * What the one button on a phone must not cover: a field (an input, a select, a region picker, an
 * upload). At 360 px a form's fields reach under it; it steps aside while one is there.
 */
const FORM_CONTROLS =
  'input:not([type="hidden"]), textarea, select, [role="combobox"], [contenteditable="true"], .arco-form-item-control-children';

/**
 * Whether a form control lies under the folded tools' button, checked once a frame at most
 * while the page scrolls, resizes or changes, on a phone only. Points of the button's box
 * are hit-tested (`elementsFromPoint`), so what is under it counts, not what is near.
 */
function useOverControl(tools: RefObject<HTMLDivElement | null>, toggle: RefObject<HTMLButtonElement | null>) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_MEDIA_QUERY) : null;
    if (!query || typeof document.elementsFromPoint !== 'function') return undefined;
    let frame = 0;
    const check = () => {
      frame = 0;
      const button = toggle.current;
      const box = button?.getBoundingClientRect();
      if (!button || !box || box.width === 0 || !query.matches) {
        setOver(false);
        return;
      }
      const inset = 4;
      const points: Array<[number, number]> = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + inset, box.top + inset],
        [box.right - inset, box.top + inset],
        [box.left + inset, box.bottom - inset],
        [box.right - inset, box.bottom - inset],
      ];
      setOver(
        points.some(([x, y]) =>
          document
            .elementsFromPoint(x, y)
            .some((element) => !tools.current?.contains(element) && element.closest(FORM_CONTROLS) !== null),
        ),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    let observer: MutationObserver | null = null;
    const watch = () => {
      observer?.disconnect();
      observer = null;
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
      if (!query.matches) {
        setOver(false);
        return;
      }
      window.addEventListener('resize', schedule);
      // Capture: a scroll inside a box (a modal, a table) does not bubble.
      document.addEventListener('scroll', schedule, { capture: true, passive: true });
      document.addEventListener('transitionend', schedule, true);
      observer = new MutationObserver(schedule);
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['class', 'style'],
      });
      schedule();
    };
    watch();
    query.addEventListener('change', watch);
    return () => {
      query.removeEventListener('change', watch);
      observer?.disconnect();
      window.removeEventListener('resize', schedule);
      document.removeEventListener('scroll', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [tools, toggle]);
  return over;
}

/**
 * The tools on the right edge: help articles, customer-service phone, official-account QR, back
 * to top. On a phone (below 768 px) they fold behind one button that opens them; the button
 * steps aside (fades out) while a form field is under it, and comes back when the page moves on.
 */
export function FloatingTools() {
  const config = usePortalConfig();
  // Drawn once per page load (spec §9: 5 random service-centre articles).
  const help = useQuery(fetchHelpArticles, []);
  const [showTop, setShowTop] = useState(false);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Opened, the tools stay: the visitor asked for them.
  const tucked = useOverControl(box, toggle) && !open;

  useEffect(() => {
    const update = () => setShowTop(window.scrollY >= BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <div
      ref={box}
      className={[styles.tools, open ? styles.toolsOpen : '', tucked ? styles.toolsTucked : '']
        .filter(Boolean)
        .join(' ')}
      data-testid="floating-tools"
      data-open={open}
      data-tucked={tucked}
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
        ref={toggle}
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
