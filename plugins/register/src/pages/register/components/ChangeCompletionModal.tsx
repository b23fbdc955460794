import { Alert, Button, Modal } from '@arco-design/web-react';
import styles from '../style/index.module.css';

export interface ChangeCompletionModalProps {
  visible: boolean;
  /** 返回企业信息: where the request's state shows. */
  onDone: () => void;
}

/** After an enterprise's change request is sent: it waits for review, and the result comes by SMS. */
export function ChangeCompletionModal({ visible, onDone }: ChangeCompletionModalProps) {
  return (
    <Modal
      visible={visible}
      title="变更申请已提交"
      closable={false}
      maskClosable={false}
      escToExit={false}
      footer={
        <Button type="primary" onClick={onDone} data-testid="enterprise-change-done">
          返回企业信息
        </Button>
      }
    >
      <div data-testid="enterprise-change-complete">
        <Alert type="success" content="变更申请已提交，请等待审核。" className={styles.completeAlert} />
        <p className={styles.completeText}>
          审核结果将以短信通知您，也可在「企业管理 › 企业信息」查看；审核通过后，新的企业信息即生效。
        </p>
      </div>
    </Modal>
  );
}
