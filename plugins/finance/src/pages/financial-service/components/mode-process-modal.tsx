import { Button, Modal } from '@arco-design/web-react';
import { fillText } from '@cotton/sdk';
import type { FinancingMode } from '@cotton/sdk/contracts';
import type { FinanceLocale } from '../locale/zh-CN';
import { ProcessDiagram } from './process-diagram';

export interface ModeProcessModalProps {
  t: FinanceLocale;
  /** The mode shown (kept while the modal animates closed). */
  mode: FinancingMode;
  visible: boolean;
  onClose: () => void;
}

/** 查看流程: the financing mode's process image in a modal. */
export function ModeProcessModal({ t, mode, visible, onClose }: ModeProcessModalProps) {
  const title = fillText(t['finance.modes.processTitle'], { name: mode.name });
  return (
    <Modal
      visible={visible}
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="finance-mode-modal-close">
          {t['finance.modes.close']}
        </Button>
      }
      style={{ width: 880, maxWidth: 'calc(100vw - 32px)' }}
      unmountOnExit
    >
      <div data-testid="finance-mode-modal">
        <ProcessDiagram label={title} steps={mode.steps} testId="finance-mode-process-diagram" />
      </div>
    </Modal>
  );
}
