import { useState } from 'react';
import { Button, Empty, Modal, Popover } from '@arco-design/web-react';
import { IconBranch } from '@arco-design/web-react/icon';
import { fillText } from '@cotton/sdk';
import type { FinancingMode } from '@cotton/sdk/contracts';
import type { FinanceLocale } from '../locale/zh-CN';
import styles from '../style/index.module.css';
import { ProcessDiagram } from './process-diagram';

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
            <Popover
              trigger={['hover', 'focus']}
              position="top"
              title={mode.name}
              content={
                <p className={styles['mode-intro']} data-testid="finance-mode-intro">
                  {mode.intro}
                </p>
              }
            >
              <div className={styles['mode-card']} tabIndex={0} data-testid="finance-mode-card">
                <span className={styles['mode-icon']} aria-hidden="true">
                  <IconBranch />
                </span>
                <h4 className={styles['mode-name']}>{mode.name}</h4>
                <p className={styles['mode-meta']}>
                  {fillText(t['finance.modes.steps'], { count: mode.steps.length })}
                </p>
              </div>
            </Popover>
            <Button type="outline" size="small" onClick={() => openMode(mode)} data-testid="finance-mode-process">
              {t['finance.modes.viewProcess']}
            </Button>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t['finance.modes.hoverHint']}</p>
      <Modal
        visible={open !== null}
        title={shown ? fillText(t['finance.modes.processTitle'], { name: shown.name }) : ''}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close} data-testid="finance-mode-modal-close">
            {t['finance.modes.close']}
          </Button>
        }
        style={{ width: 880, maxWidth: 'calc(100vw - 32px)' }}
        unmountOnExit
      >
        {shown ? (
          <div data-testid="finance-mode-modal">
            <ProcessDiagram
              label={fillText(t['finance.modes.processTitle'], { name: shown.name })}
              steps={shown.steps}
              testId="finance-mode-process-diagram"
            />
          </div>
        ) : null}
      </Modal>
    </>
  );
}
