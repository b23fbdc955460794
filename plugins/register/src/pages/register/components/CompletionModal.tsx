import { Alert, Button, Modal, Table } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import type { ServiceArea } from '@cotton/sdk/contracts';
import { useNavigate } from 'react-router-dom';
import { getAllServiceAreas, getServiceAreaPhone } from '../../../api';
import { REGISTER_MESSAGES } from '../../../rules';
import { EXCLUDED_OFFICE_CODE } from '../hooks/useOffices';
import styles from '../style/index.module.css';

/** The applicant's status page (`/register/status`). */
export const REGISTER_STATUS_PATH = '/register/status';

const COLUMNS: TableColumnProps<ServiceArea>[] = [
  { title: '名称', dataIndex: 'serviceAreaName', width: 150 },
  { title: '电话', dataIndex: 'phone', width: 130 },
  { title: '电话', dataIndex: 'phone2', width: 130 },
  { title: '地址', dataIndex: 'address' },
  { title: '邮编', dataIndex: 'postcode', width: 80 },
  { title: '服务省份', dataIndex: 'provinces', width: 180 },
];

/** The offices as the dialog lists them: the offices (without 青岛) in the server's order, then the headquarters. */
export function completionRows(areas: readonly ServiceArea[]): ServiceArea[] {
  const offices = areas.filter((area) => area.headquarters !== '1' && area.serviceAreaCode !== EXCLUDED_OFFICE_CODE);
  return [...offices, ...areas.filter((area) => area.headquarters === '1')];
}

export interface CompletionModalProps {
  visible: boolean;
  /** The office the application went to. */
  serviceAreaCode: string;
  /** A corrected application resubmitted (the title says so). */
  resubmitted?: boolean;
  /** 查看审核进度: instead of opening the status page (the status page itself reloads). */
  onViewStatus?: () => void;
}

/** After a submission: 信息已提交，请等待审核, the chosen office's phone, every office, and 返回首页. */
export function CompletionModal({ visible, serviceAreaCode, resubmitted, onViewStatus }: CompletionModalProps) {
  const navigate = useNavigate();
  const areas = useQuery(() => (visible ? getAllServiceAreas() : Promise.resolve(null)), [visible]);
  const phone = useQuery(
    () => (visible && serviceAreaCode ? getServiceAreaPhone(serviceAreaCode) : Promise.resolve(null)),
    [visible, serviceAreaCode],
    { silent: true },
  );

  return (
    <Modal
      visible={visible}
      title={resubmitted ? '修改后的注册信息已提交' : '注册信息已提交'}
      closable={false}
      maskClosable={false}
      escToExit={false}
      style={{ width: 960, maxWidth: '95vw' }}
      footer={
        <>
          <Button
            onClick={() => (onViewStatus ? onViewStatus() : navigate(REGISTER_STATUS_PATH))}
            data-testid="register-view-status"
          >
            查看审核进度
          </Button>
          <Button type="primary" onClick={() => navigate('/home')} data-testid="register-home">
            返回首页
          </Button>
        </>
      }
    >
      <div data-testid="register-complete">
        <Alert type="success" content={REGISTER_MESSAGES.submitted} className={styles.completeAlert} />
        {phone.data ? (
          <p className={styles.completeText} data-testid="register-complete-phone">
            您所属的服务区域为{phone.data.serviceAreaName}，联系电话：{phone.data.phone}
            。审核结果将通过您填写的联系方式通知，如有疑问请联系以下服务机构。
          </p>
        ) : (
          <p className={styles.completeText}>审核结果将通过您填写的联系方式通知，如有疑问请联系以下服务机构。</p>
        )}
        <Table
          rowKey="serviceAreaCode"
          columns={COLUMNS}
          data={completionRows(areas.data?.serviceAreaList ?? [])}
          loading={areas.loading}
          pagination={false}
          border
          size="small"
          data-testid="register-complete-offices"
        />
      </div>
    </Modal>
  );
}
