import { useState } from 'react';
import { Button, Empty } from '@arco-design/web-react';
import { IconBranch } from '@arco-design/web-react/icon';
import { fillText } from '@cotton/sdk';
import type { FinancingMode } from '@cotton/sdk/contracts';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { lazyPage } from '@cotton/sdk';

// Arco's Modal is loaded with the first 查看流程 (issue 30), not with the page.
const ModeProcessModal = lazyPage(
  () => import('./mode-process-modal').then((module) => module.ModeProcessModal),
  'ModeProcessModal',
  null,
);

export interface ModeCardsProps {
  t: FinanceLocale;
  modes: readonly FinancingMode[];
}

/**
 * The financing modes: a card each, whose short introduction shows on hover (and on
 * keyboard focus), with 查看流程 opening a modal with the mode's process image.
 */
export function ModeCards({ t, modes }: ModeCardsProps) {
  const [open, setOpen] = useState<FinancingMode | null>(null);
  // The modal keeps showing the last mode while it animates closed.
  const [shown, setShown] = useState<FinancingMode | null>(null);
  // The card under the pointer or with the focus: its introduction is shown.
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const introOf = hovered ?? focused;

  if (modes.length === 0) return <Empty description={t['finance.modes.empty']} />;

  const openMode = (mode: FinancingMode) => {
    setShown(mode);
    setOpen(mode);
  };
  const close = () => setOpen(null);

  return (
    <>
      <ul className={styles.modes} data-testid="finance-modes">
        {modes.map((mode) => (
          <li key={mode.id} className={styles.mode} data-testid={`finance-mode-${mode.code}`}>
            <div
              className={styles['mode-card']}
              tabIndex={0}
              aria-describedby={introOf === mode.id ? `finance-mode-intro-${mode.id}` : undefined}
              data-testid="finance-mode-card"
              onMouseEnter={() => setHovered(mode.id)}
              onMouseLeave={() => setHovered((id) => (id === mode.id ? null : id))}
              onFocus={() => setFocused(mode.id)}
              onBlur={() => setFocused((id) => (id === mode.id ? null : id))}
            >
              <span className={styles['mode-icon']} aria-hidden="true">
                <IconBranch />
              </span>
              <h4 className={styles['mode-name']}>{mode.name}</h4>
              <p className={styles['mode-meta']}>{fillText(t['finance.modes.steps'], { count: mode.steps.length })}</p>
              {/* The introduction above the card on hover and on keyboard focus: a plain bubble,
                  not Arco's Popover, whose Trigger per card cost the page's first render. */}
              {introOf === mode.id ? (
                <div id={`finance-mode-intro-${mode.id}`} role="tooltip" className={styles['mode-popover']}>
                  <div className={styles['mode-popover-title']}>{mode.name}</div>
                  <p className={styles['mode-intro']} data-testid="finance-mode-intro">
                    {mode.intro}
                  </p>
                </div>
              ) : null}
            </div>
            <Button type="outline" size="small" onClick={() => openMode(mode)} data-testid="finance-mode-process">
              {t['finance.modes.viewProcess']}
            </Button>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t['finance.modes.hoverHint']}</p>
      {/* Mounted from the first 查看流程 on (it then stays, to animate closed): the page's first
          render does not pay for a closed modal. */}
      {shown ? <ModeProcessModal t={t} mode={shown} visible={open !== null} onClose={close} /> : null}
    </>
  );
}
