import { Fragment, type ReactNode } from 'react';
import { Alert, Button, Modal, Spin, Table, Tag } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import type { ServiceArea } from '@cotton/sdk/contracts';
import { useNavigate } from 'react-router-dom';
import { getAllServiceAreas, getServiceAreaPhone } from '../../../api';
import { REGISTER_MESSAGES } from '../../../rules';
import { usePhoneWidth } from '../hooks/usePhoneWidth';
import { EXCLUDED_OFFICE_CODE } from '../hooks/useOffices';
import styles from '../style/index.module.css';

/** The applicant's status page (`/register/status`). */
export const REGISTER_STATUS_PATH = '/register/status';

/** A phone number or postcode: never broken across lines (it wrapped mid-number at 1366). */
const whole = (text: string) => <span className={styles.nowrap}>{text}</span>;

/** What the dialog tells of an office (spec: name, two phones, address, postcode, the provinces served). */
const FACTS: ReadonlyArray<{ title: string; key: keyof ServiceArea; render?: (text: string) => ReactNode }> = [
  { title: '电话一', key: 'phone', render: whole },
  { title: '电话二', key: 'phone2', render: whole },
  { title: '地址', key: 'address' },
  { title: '邮编', key: 'postcode', render: whole },
  { title: '服务省份', key: 'provinces' },
];

const COLUMNS: TableColumnProps<ServiceArea>[] = [
  { title: '名称', dataIndex: 'serviceAreaName', width: 150 },
  ...FACTS.map(({ title, key, render }): TableColumnProps<ServiceArea> => ({
    title,
    dataIndex: key,
    render: render ? (text: string) => render(text) : undefined,
    ...(key === 'phone' || key === 'phone2' ? { width: 140 } : {}),
    ...(key === 'postcode' ? { width: 80 } : {}),
    ...(key === 'provinces' ? { width: 180 } : {}),
  })),
];

/** The offices as the dialog lists them: the offices (without 青岛) in the server's order, then the headquarters. */
export function completionRows(areas: readonly ServiceArea[]): ServiceArea[] {
  const offices = areas.filter((area) => area.headquarters !== '1' && area.serviceAreaCode !== EXCLUDED_OFFICE_CODE);
  return [...offices, ...areas.filter((area) => area.headquarters === '1')];
}

/** On a phone: each office a card with its facts one under another, its phones to tap. */
function OfficeCards({ rows, loading, own }: { rows: ServiceArea[]; loading: boolean; own: string }) {
  if (loading && rows.length === 0) {
    return (
      <div className={styles.loading} data-testid="register-complete-offices">
        <Spin tip="加载中…" />
      </div>
    );
  }
  return (
    <div className={styles.officeCards} data-testid="register-complete-offices">
      {rows.map((area) => (
        <section key={area.serviceAreaCode} className={styles.officeCard} data-testid="register-complete-office">
          <h5 className={styles.officeName}>
            {area.serviceAreaName}
            {area.serviceAreaCode === own ? (
              <Tag size="small" color="arcoblue">
                您所属的服务区域
              </Tag>
            ) : null}
          </h5>
          <dl className={styles.officeFacts}>
            {FACTS.map(({ title, key }) => {
              const text = area[key];
              const phone = key === 'phone' || key === 'phone2';
              return (
                <Fragment key={key}>
                  <dt>{title}</dt>
                  <dd>
                    {phone ? (
                      <a className={styles.nowrap} href={`tel:${text.replace(/[^\d+]/g, '')}`}>
                        {text}
                      </a>
                    ) : key === 'postcode' ? (
                      whole(text)
                    ) : (
                      text
                    )}
                  </dd>
                </Fragment>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
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

/**
 * After a submission: 信息已提交，请等待审核, the chosen office's phone, every office, and 返回首页.
 * On a phone the offices are cards and the dialog fits the screen, its body scrolling between
 * the title and the buttons.
 */
export function CompletionModal({ visible, serviceAreaCode, resubmitted, onViewStatus }: CompletionModalProps) {
  const navigate = useNavigate();
  const phoneWidth = usePhoneWidth();
  const areas = useQuery(() => (visible ? getAllServiceAreas() : Promise.resolve(null)), [visible]);
  const phone = useQuery(
    () => (visible && serviceAreaCode ? getServiceAreaPhone(serviceAreaCode) : Promise.resolve(null)),
    [visible, serviceAreaCode],
    { silent: true },
  );
  const rows = completionRows(areas.data?.serviceAreaList ?? []);

  return (
    <Modal
      visible={visible}
      title={resubmitted ? '修改后的注册信息已提交' : '注册信息已提交'}
      closable={false}
      maskClosable={false}
      escToExit={false}
      style={{ width: 960, maxWidth: phoneWidth ? 'calc(100vw - 16px)' : '95vw' }}
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
      <div className={styles.completeBody} data-testid="register-complete">
        <Alert type="success" content={REGISTER_MESSAGES.submitted} className={styles.completeAlert} />
        {phone.data ? (
          <p className={styles.completeText} data-testid="register-complete-phone">
            您所属的服务区域为{phone.data.serviceAreaName}，联系电话：{whole(phone.data.phone)}
            。审核结果将通过您填写的联系方式通知，如有疑问请联系以下服务机构。
          </p>
        ) : (
          <p className={styles.completeText}>审核结果将通过您填写的联系方式通知，如有疑问请联系以下服务机构。</p>
        )}
        {phoneWidth ? (
          <OfficeCards rows={rows} loading={areas.loading} own={serviceAreaCode} />
        ) : (
          <Table
            rowKey="serviceAreaCode"
            columns={COLUMNS}
            data={rows}
            loading={areas.loading}
            pagination={false}
            border
            size="small"
            data-testid="register-complete-offices"
          />
        )}
      </div>
    </Modal>
  );
}
