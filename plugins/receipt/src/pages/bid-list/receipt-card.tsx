import { DASH, dash, formatNumber } from '@cotton/sdk';
import { colorGradeName } from '@cotton/sdk/validators';
import { Link } from 'react-router-dom';
import type { ReceiptItem } from '@cotton/sdk/contracts';
import type { ReceiptLocale } from '../../locale/zh-CN';
import { lengthOfRank } from '../../quality';
import styles from './style/index.module.css';

export interface ReceiptCardProps {
  t: ReceiptLocale;
  item: ReceiptItem;
}

function withUnit(text: string, unit: string): string {
  return text === DASH ? DASH : `${text}${unit}`;
}

/** One receipt of the search list. */
export function ReceiptCard({ t, item }: ReceiptCardProps) {
  const color = item.colorGradeName ?? colorGradeName(item.colorGradeCode) ?? t['bid.card.noMainColor'];
  const length = lengthOfRank(item.principalPartRank);
  const macron =
    item.macron === null || item.macron === undefined
      ? DASH
      : `${formatNumber(item.macron, 2)}${item.macronGrade ? `（${item.macronGrade}）` : ''}`;

  const facts: Array<[string, string, string]> = [
    ['colorGrade', t['bid.card.colorGrade'], color],
    ['length', t['bid.card.length'], length ? `${length}mm` : t['bid.card.noMainLength']],
    ['macron', t['bid.card.macron'], macron],
    ['strength', t['bid.card.strength'], withUnit(formatNumber(item.strengthScale, 1), ' cN/tex')],
    ['uniformity', t['bid.card.uniformity'], withUnit(formatNumber(item.tidyAvg, 1), '%')],
    ['moisture', t['bid.card.moisture'], withUnit(formatNumber(item.moistureRegain, 1), '%')],
    ['dirty', t['bid.card.dirty'], withUnit(formatNumber(item.dirty, 1), '%')],
    ['quantity', t['bid.card.quantity'], withUnit(formatNumber(item.quantity, 0), ' 包')],
    ['roughWeight', t['bid.card.roughWeight'], withUnit(formatNumber(item.roughWeight, 3), ' 吨')],
    ['conditionedWeight', t['bid.card.conditionedWeight'], withUnit(formatNumber(item.conditionedWeight, 3), ' 吨')],
  ];

  return (
    <article className={styles.card} data-testid={`receipt-card-${item.batchNumber}`} data-length={length ?? ''}>
      <header className={styles['card-head']}>
        <div className={styles['card-ids']}>
          <span className={styles['card-batch']} data-testid="receipt-batch">
            {item.batchNumber}
          </span>
          <span className={styles['card-receipt']}>
            {t['bid.card.receiptNumber']}：{dash(item.warehouseReceiptNumber)}
          </span>
        </div>
        <div className={styles['card-tags']}>
          {[item.stockName, item.processingMethod, item.whsPickMode, item.warehouseStatus]
            .filter(Boolean)
            .map((text, index) => (
              <span key={index} className={styles['card-tag']}>
                {text}
              </span>
            ))}
        </div>
      </header>
      <dl className={styles['card-facts']}>
        {facts.map(([key, label, text]) => (
          <div key={key} className={styles['card-fact']} data-testid={`receipt-${key}`}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <footer className={styles['card-foot']}>
        <span className={styles['card-where']}>
          {t['bid.card.factoryName']}：{dash(item.factoryName)}
          <span className={styles['card-sep']}>|</span>
          {t['bid.card.whsName']}：{dash(item.whsName)}
          <span className={styles['card-sep']}>|</span>
          {t['bid.card.place']}：{dash(item.placeName)}
          <span className={styles['card-sep']}>|</span>
          {t['bid.card.productYear']}：{dash(item.productYear)}
        </span>
        <span className={styles['card-actions']}>
          <Link
            to={`/batchQuality?batchNumber=${encodeURIComponent(item.batchNumber)}`}
            className={styles['card-link']}
            data-testid="receipt-batch-quality"
          >
            {t['bid.card.batchQuality']}
          </Link>
          {/* A link, not a button: the portal renders a linked page ahead (and at once when the
              visitor points at it), and the visitor can open it in a new tab. */}
          <Link
            to={`/bid/detail?batchNumber=${encodeURIComponent(item.batchNumber)}`}
            className={styles['card-detail']}
            data-testid="receipt-detail"
          >
            {t['bid.card.detail']}
          </Link>
        </span>
      </footer>
    </article>
  );
}
