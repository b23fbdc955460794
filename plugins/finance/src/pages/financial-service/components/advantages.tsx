import { IconCheckCircle, IconGift, IconSafe, IconThunderbolt } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import type { FinanceAdvantage } from '@cotton/sdk/contracts';
import styles from '../style/index.module.css';

const ICONS: Record<string, ReactNode> = {
  rate: <IconGift />,
  speed: <IconThunderbolt />,
  convenience: <IconCheckCircle />,
  risk: <IconSafe />,
};

/** The advantage blurbs: icon, title, text. */
export function Advantages({ advantages }: { advantages: readonly FinanceAdvantage[] }) {
  return (
    <ul className={styles.advantages} data-testid="finance-advantages">
      {advantages.map((advantage) => (
        <li key={advantage.id} className={styles.advantage} data-testid="finance-advantage">
          <span className={styles['advantage-icon']} data-icon={advantage.iconKey} aria-hidden="true">
            {ICONS[advantage.iconKey] ?? <IconCheckCircle />}
          </span>
          <h4 className={styles['advantage-title']}>{advantage.title}</h4>
          <p className={styles['advantage-description']}>{advantage.description}</p>
        </li>
      ))}
    </ul>
  );
}
