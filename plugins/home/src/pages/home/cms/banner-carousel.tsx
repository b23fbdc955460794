import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from '../style/cms.module.css';
import type { ContentBrief } from '@cotton/sdk/contracts';

export const ROTATE_INTERVAL_MS = 5000;

/**
 * The rotating pictures: one at a time, every 5 s, with dots to choose; the pointer over them
 * or the keyboard focus in them pauses (WCAG 2.2.2: a slide does not move away from under a
 * keyboard user).
 */
export function BannerCarousel({ banners }: { banners: ContentBrief[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || banners.length < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % banners.length), ROTATE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, banners.length]);

  if (banners.length === 0) return <div className={styles.carousel} />;
  return (
    <div
      className={styles.carousel}
      data-testid="home-banners"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {banners.map((banner, index) => {
        const slide = (
          <>
            {banner.coverUrl ? <img className={styles.slideImage} src={banner.coverUrl} alt="" /> : null}
            <span className={styles.slideTitle}>{banner.title}</span>
          </>
        );
        const className = index === current ? `${styles.slide} ${styles.slideActive}` : styles.slide;
        const common = {
          className,
          'aria-hidden': index !== current,
          'data-testid': 'home-banner',
          tabIndex: index === current ? 0 : -1,
        };
        if (banner.linkUrl && /^https?:/i.test(banner.linkUrl)) {
          return (
            <a key={banner.id} href={banner.linkUrl} target="_blank" rel="noopener noreferrer" {...common}>
              {slide}
            </a>
          );
        }
        return banner.linkUrl ? (
          <Link key={banner.id} to={banner.linkUrl} {...common}>
            {slide}
          </Link>
        ) : (
          <div key={banner.id} {...common}>
            {slide}
          </div>
        );
      })}
      {banners.length > 1 ? (
        <div className={styles.dots}>
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className={index === current ? `${styles.dot} ${styles.dotActive}` : styles.dot}
              aria-label={`第 ${index + 1} 张：${banner.title}`}
              aria-pressed={index === current}
              onClick={() => setCurrent(index)}
              data-testid="home-banner-dot"
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
