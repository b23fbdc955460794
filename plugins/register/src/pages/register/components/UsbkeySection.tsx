import { Checkbox, Form, Grid, Radio } from '@arco-design/web-react';
import { useQuery } from '@cotton/sdk';
import { getCfcaAgreement } from '../../../api';
import { uploadNote, type RegisterFieldView } from '../../../rules';
import { USBKEY_HANDLE_TYPE } from '../application';
import type { ServerChecks } from '../hooks/useServerChecks';
import { RegisterField } from './RegisterField';
import styles from '../style/index.module.css';

/** The three acknowledgements a key application needs (spec §2). */
export const USBKEY_CONSENTS = [
  '本单位已阅读并同意《CFCA数字证书服务协议》及中国金融认证中心（CFCA）数字证书相关业务规则，申请办理电子签章数字证书。',
  '本单位已授权上述经办人代表本单位办理电子签章（数字证书）的申请、领取等相关事宜，经办人提交的资料真实、有效。',
  '本单位将妥善保管电子签章介质（USBKey）及其密码，不转借他人；因保管不善造成的损失由本单位自行承担。',
] as const;

const GROUPS: ReadonlyArray<{ title: string; fields: readonly string[] }> = [
  { title: '申请信息', fields: ['ukeyApplyTime', 'certDeadline', 'ukeyUseRemark'] },
  { title: '用户信息', fields: ['ukeyUserName', 'ukeyUniformCreditCode', 'ukeyUserPhone', 'ukeyMailingAddress'] },
  { title: '经办人信息', fields: ['ukeyAgentUserName', 'ukeyAgentUserPhone', 'usbkeyAgentFile'] },
];

/** The agreement the first acknowledgement names: a link once `getCFCAFileIdAndUrl` says where it reads. */
const CFCA_AGREEMENT_TITLE = '《CFCA数字证书服务协议》';

function ConsentText({ text, agreementUrl }: { text: string; agreementUrl: string | undefined }) {
  const at = text.indexOf(CFCA_AGREEMENT_TITLE);
  if (at < 0 || !agreementUrl) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={agreementUrl} target="_blank" rel="noopener noreferrer" data-testid="register-usbkey-cfca">
        {CFCA_AGREEMENT_TITLE}
      </a>
      {text.slice(at + CFCA_AGREEMENT_TITLE.length)}
    </>
  );
}

/** The agent's ID copy must carry the entrustment (spec §5 "Uploads"). */
export const AGENT_FILE_ENTRUSTMENT = '经办人身份证复印件上须注明“兹授权该经办人办理本单位电子签章相关事宜”。';

export interface UsbkeySectionProps {
  fields: RegisterFieldView[];
  checks: ServerChecks;
  /** A key is asked for (是). */
  needKey: boolean;
  /** A key is already on record: 否 cannot be chosen. */
  locked: boolean;
  consents: readonly boolean[];
  onConsentsChange: (consents: boolean[]) => void;
}

/** 电子签章: 是 / 否; 是 shows the application, user and agent information and the three acknowledgements. */
export function UsbkeySection({ fields, checks, needKey, locked, consents, onConsentsChange }: UsbkeySectionProps) {
  const byName = new Map(fields.map((view) => [view.name, view]));
  const cfca = useQuery(() => (needKey ? getCfcaAgreement() : Promise.resolve(null)), [needKey], { silent: true });
  return (
    <div data-testid="register-usbkey">
      <Form.Item label="是否申请电子签章" field="usbkeyInfo.isNeedUsbkey">
        <Radio.Group data-testid="register-field-isNeedUsbkey">
          <Radio value="1" data-testid="register-usbkey-yes">
            是
          </Radio>
          <Radio value="0" disabled={locked} data-testid="register-usbkey-no">
            否
          </Radio>
        </Radio.Group>
      </Form.Item>
      {needKey ? (
        <div data-testid="register-usbkey-details">
          {GROUPS.map((group) => {
            const views = group.fields.map((name) => byName.get(name)).filter((view) => view !== undefined);
            const showHandleType = group.title === '申请信息';
            if (views.length === 0 && !showHandleType) return null;
            return (
              <div key={group.title} className={styles.group}>
                <div className={styles.groupTitle}>{group.title}</div>
                <Grid.Row gutter={24}>
                  {showHandleType ? (
                    <Grid.Col xs={24} sm={24} md={12}>
                      <Form.Item label="办理类型">
                        <span data-testid="register-usbkey-handle-type">{USBKEY_HANDLE_TYPE}</span>
                      </Form.Item>
                    </Grid.Col>
                  ) : null}
                  {views.map((view) => (
                    <Grid.Col key={view.path} xs={24} sm={24} md={view.spec.kind === 'files' ? 24 : 12}>
                      <RegisterField
                        view={view}
                        checks={checks}
                        extra={
                          view.spec.kind === 'files' ? `${uploadNote(view.spec)}${AGENT_FILE_ENTRUSTMENT}` : undefined
                        }
                      />
                    </Grid.Col>
                  ))}
                </Grid.Row>
              </div>
            );
          })}
          <div className={styles.consents}>
            {USBKEY_CONSENTS.map((text, index) => (
              <Checkbox
                key={text}
                checked={consents[index] ?? false}
                onChange={(checked: boolean) =>
                  onConsentsChange(consents.map((value, at) => (at === index ? checked : value)))
                }
                data-testid={`register-usbkey-consent-${index + 1}`}
              >
                <ConsentText text={text} agreementUrl={cfca.data?.url} />
              </Checkbox>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
