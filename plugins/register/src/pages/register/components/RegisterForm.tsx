import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Collapse, Form, Grid, Message, Result, Spin } from '@arco-design/web-react';
import { IconLeft, IconLoading } from '@arco-design/web-react/icon';
import { formatDate, toApiError, useQuery } from '@cotton/sdk';
import type { AccountRegisterDetail, RegisterApplyResult } from '@cotton/sdk/contracts';
import { addRegisterApply, getRegisterAccountTypeDetail } from '../../../api';
import {
  REGISTER_MESSAGES,
  REGISTER_SECTION_TITLES,
  USBKEY_DEFAULTS,
  sectionFields,
  shownSections,
  uploadNote,
  type RegisterFieldView,
  type RegisterSection,
} from '../../../rules';
import {
  buildApplication,
  correctionValues,
  fieldErrorsOf,
  newRequestId,
  type RegisterCorrection,
  type RegisterFormStore,
} from '../application';
import { MIRRORED_FIELDS, useServerChecks, valueKey } from '../hooks/useServerChecks';
import { ChangeCompletionModal } from './ChangeCompletionModal';
import { CompletionModal } from './CompletionModal';
import { LeaveGuard, type LeaveGuardOptions } from './LeaveGuard';
import { RegisterField } from './RegisterField';
import { USBKEY_CONSENTS, UsbkeySection } from './UsbkeySection';
import styles from '../style/index.module.css';

/** The agreements beside the agree box (`/register/agreement/<code>`, opened in a new tab). */
export const REGISTER_AGREEMENTS = [
  { code: 'register', title: '《交易商注册协议》' },
  { code: 'privacy', title: '《个人信息保护政策》' },
] as const;

const sectionOf = (path: string) => path.slice(0, path.indexOf('.'));

/** The value at `section.field` of a nested form store. */
function valueAt(store: RegisterFormStore, path: string): unknown {
  const [section, name] = path.split('.');
  return (store as Record<string, Record<string, unknown> | undefined>)[section]?.[name];
}

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Whether a field holds what the form started with (an empty value is empty however it is held). */
const unchanged = (now: unknown, initial: unknown) =>
  (blank(now) && blank(initial)) || JSON.stringify(now) === JSON.stringify(initial);

/** What the form starts with: 一般纳税人, and the key application's defaults (spec §3). */
function initialValuesOf(detail: AccountRegisterDetail): RegisterFormStore {
  const values: RegisterFormStore = {};
  if (detail.vtaInvoiceInfo) values.vtaInvoiceInfo = { vtaInvoiceTraderType: '1' };
  if (detail.usbkeyInfo) {
    values.usbkeyInfo = {
      isNeedUsbkey: detail.usbkeyLocked === '1' ? '1' : detail.usbkeyDefault,
      ukeyApplyTime: formatDate(new Date()),
      certDeadline: USBKEY_DEFAULTS.certDeadline,
      ukeyUseRemark: USBKEY_DEFAULTS.ukeyUseRemark,
    };
  }
  return values;
}

export interface RegisterFormProps {
  /** The chosen account type (the types, comma-joined, of an application corrected). */
  accountTypeId: string;
  onBack: () => void;
  /** A returned application to correct and resubmit, instead of a new one. */
  correction?: RegisterCorrection;
  /** After a resubmission, 查看审核进度 in the dialog (the status page reloads its view). */
  onViewStatus?: () => void;
  /**
   * Ask before the page leaves a form with input (返回 when it navigates, the browser's Back, a
   * link): a `Modal.confirm` (`LeaveGuard`; its question and which navigations ask, when given).
   * Needs a data router (the shell's). Without it the caller's `onBack` asks.
   */
  guardLeaving?: boolean | LeaveGuardOptions;
}

/** Step 2, 填写注册信息: the form of the chosen account type (`getRegisterAccountTypeDetail`). */
export function RegisterForm({ accountTypeId, onBack, correction, onViewStatus, guardLeaving }: RegisterFormProps) {
  const { data, error, reload } = useQuery(() => getRegisterAccountTypeDetail(accountTypeId), [accountTypeId], {
    silent: true,
  });
  if (error) {
    return (
      <Result
        status="error"
        title="注册信息加载失败"
        subTitle={error.message}
        extra={[
          <Button key="back" onClick={onBack}>
            返回
          </Button>,
          <Button key="retry" type="primary" onClick={reload}>
            重试
          </Button>,
        ]}
      />
    );
  }
  if (!data) {
    return (
      <div className={styles.loading}>
        <Spin tip="加载中…" />
      </div>
    );
  }
  return (
    <RegisterFormBody
      key={accountTypeId}
      accountTypeId={accountTypeId}
      detail={data.accountRegisterDetail}
      onBack={onBack}
      correction={correction}
      onViewStatus={onViewStatus}
      guardLeaving={guardLeaving}
    />
  );
}

function RegisterFormBody({
  accountTypeId,
  detail,
  onBack,
  correction,
  onViewStatus,
  guardLeaving,
}: Omit<RegisterFormProps, 'accountTypeId'> & { accountTypeId: string; detail: AccountRegisterDetail }) {
  const [form] = Form.useForm();
  const own = useMemo(
    () =>
      correction
        ? {
            name: correction.values.traderInfo?.traderName ?? '',
            code: correction.values.traderInfo?.uniformCreditCode ?? '',
          }
        : undefined,
    [correction],
  );
  const checks = useServerChecks(form, own, correction?.change === undefined);
  const sections = useMemo(() => shownSections(detail), [detail]);
  const fields = useMemo(
    () =>
      new Map<RegisterSection, RegisterFieldView[]>(
        sections.map((section) => [section, sectionFields(detail, section)]),
      ),
    [detail, sections],
  );
  const initialValues = useMemo(() => {
    const defaults = initialValuesOf(detail);
    return correction ? correctionValues(detail, correction, defaults) : defaults;
  }, [detail, correction]);
  const [activeSection, setActiveSection] = useState<string>(sections[0] ?? '');
  const [agreed, setAgreed] = useState(false);
  const [consents, setConsents] = useState<boolean[]>(() => USBKEY_CONSENTS.map(() => false));
  const [requestId] = useState(newRequestId);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const [completed, setCompleted] = useState<RegisterApplyResult | null>(null);
  const needKey = Form.useWatch('usbkeyInfo.isNeedUsbkey', form) === '1';
  const sectionsBox = useRef<HTMLDivElement>(null);
  // The first refused field, to scroll to once its section is open.
  const [refused, setRefused] = useState<{ path: string; opening: boolean } | null>(null);

  /** Whether anything was entered: a field that no longer holds what the form started with. */
  function hasInput(): boolean {
    return [...fields.values()]
      .flat()
      .some((view) => !unchanged(form.getFieldValue(view.path), valueAt(initialValues, view.path)));
  }

  /** The fields on the form now (the signature section's only with 是). */
  function mountedFields(): RegisterFieldView[] {
    return sections.flatMap((section) => (section === 'usbkeyInfo' && !needKey ? [] : (fields.get(section) ?? [])));
  }

  /** Opens the section of the first of `paths` in the form's order and scrolls to its field. */
  function openFirstSection(paths: readonly string[]) {
    const first = mountedFields().find((view) => paths.includes(view.path));
    const section = first ? first.section : sections.find((s) => paths.some((path) => sectionOf(path) === s));
    if (!section) return;
    setActiveSection(section);
    if (first) setRefused({ path: first.path, opening: section !== activeSection });
  }

  // The refused field's label in view, below the page's sticky header (the form item's
  // scroll-margin-top). A section still opening grows for Arco's transition: scrolled again
  // when its height has settled.
  useEffect(() => {
    if (!refused) return undefined;
    const control = sectionsBox.current?.querySelector(`[id="${refused.path.replace('.', '_')}"]`);
    const item = control?.closest<HTMLElement>('.arco-form-item');
    if (!item) return undefined;
    const reveal = () => item.scrollIntoView?.({ block: 'start' });
    reveal();
    const content = item.closest<HTMLElement>('.arco-collapse-item-content');
    if (!refused.opening || !content) return undefined;
    const settled = (event: TransitionEvent) => {
      if (event.target === content && event.propertyName === 'height') {
        content.removeEventListener('transitionend', settled);
        reveal();
      }
    };
    content.addEventListener('transitionend', settled);
    return () => content.removeEventListener('transitionend', settled);
  }, [refused]);

  function onValuesChange(changed: Record<string, unknown>) {
    for (const [a, b] of MIRRORED_FIELDS) {
      for (const [from, to] of [
        [a, b],
        [b, a],
      ]) {
        if (from in changed && form.getFieldValue(to) !== changed[from]) form.setFieldValue(to, changed[from]);
      }
    }
    if ('lrInfo.lrCertificateType' in changed && form.getFieldValue('lrInfo.lrCertificateNumber')) {
      form.validate(['lrInfo.lrCertificateNumber']).catch(() => undefined);
    }
  }

  function copyRegisteredAddress() {
    const pairs = [
      ['traderInfo.traderRegisteredAddress', 'traderInfo.traderMailingAddress'],
      ['traderInfo.traderRegisteredDetailedAddress', 'traderInfo.traderMailingDetailedAddress'],
    ];
    for (const [from, to] of pairs) form.setFieldValue(to, form.getFieldValue(from));
    form.validate(pairs.map(([, to]) => to)).catch(() => undefined);
  }

  function showRefusal(thrown: unknown) {
    const error = toApiError(thrown);
    if (error.handled) return;
    const errors = fieldErrorsOf(error.data);
    if (!errors) {
      Message.error(error.message || REGISTER_MESSAGES.failed);
      return;
    }
    const onForm = new Map(mountedFields().map((view) => [view.path, view]));
    const shown: string[] = [];
    const elsewhere: string[] = [];
    for (const [path, message] of Object.entries(errors)) {
      const view = onForm.get(path);
      if (!view) {
        elsewhere.push(message);
        continue;
      }
      checks.remember(path, valueKey(view.spec, form.getFieldValue(path)), message);
      shown.push(path);
    }
    if (shown.length > 0) {
      form.validate(shown).catch(() => undefined);
      openFirstSection(shown);
    }
    if (elsewhere.length > 0) Message.error(elsewhere.join('；'));
  }

  async function submit() {
    if (submittingRef.current) {
      Message.warning(REGISTER_MESSAGES.duplicate);
      return;
    }
    if (!agreed) {
      Message.warning(REGISTER_MESSAGES.agreement);
      return;
    }
    if (detail.usbkeyInfo && needKey && !consents.every(Boolean)) {
      Message.warning(REGISTER_MESSAGES.usbkeyConsents);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    let done = false;
    try {
      try {
        await form.validate();
      } catch (failure) {
        const errors = (failure as { errors?: Record<string, unknown> }).errors ?? {};
        openFirstSection(Object.keys(errors));
        return;
      }
      const { apply, files } = buildApplication(
        detail,
        form.getFields() as RegisterFormStore,
        requestId,
        accountTypeId,
        correction !== undefined,
      );
      const result = correction ? await correction.submit(apply, files) : await addRegisterApply(apply, files);
      done = true;
      setCompleted({
        applyId: result?.applyId ?? '',
        serviceAreaCode: result?.serviceAreaCode || (apply.traderInfo.serviceAreaCode ?? ''),
      });
    } catch (thrown) {
      showRefusal(thrown);
    } finally {
      // After a submission that went through, the form stays closed: the dialog leads home.
      if (!done) submittingRef.current = false;
      setSubmitting(false);
    }
  }

  function renderSection(section: RegisterSection) {
    const views = fields.get(section) ?? [];
    if (section === 'usbkeyInfo') {
      return (
        <UsbkeySection
          fields={views}
          checks={checks}
          needKey={needKey}
          locked={detail.usbkeyLocked === '1'}
          consents={consents}
          onConsentsChange={setConsents}
        />
      );
    }
    const canCopyAddress =
      section === 'traderInfo' &&
      views.some((view) => view.name === 'traderRegisteredAddress') &&
      views.some((view) => view.name === 'traderMailingAddress');
    return (
      <Grid.Row gutter={24}>
        {views.map((view) => {
          let extra: ReactNode = view.spec.kind === 'files' ? uploadNote(view.spec) : undefined;
          if (canCopyAddress && view.name === 'traderMailingAddress') {
            extra = (
              <Button size="mini" type="outline" onClick={copyRegisteredAddress} data-testid="register-copy-address">
                同注册地址
              </Button>
            );
          }
          return (
            <Grid.Col key={view.path} xs={24} sm={24} md={view.spec.kind === 'files' ? 24 : 12}>
              <RegisterField
                view={view}
                checks={checks}
                extra={extra}
                onPickOfficeName={
                  view.name === 'serviceAreaCode'
                    ? (name) => form.setFieldValue('traderInfo.serviceAreaName', name)
                    : undefined
                }
              />
            </Grid.Col>
          );
        })}
      </Grid.Row>
    );
  }

  return (
    <div data-testid="register-form">
      {guardLeaving && completed === null ? (
        <LeaveGuard hasInput={hasInput} {...(guardLeaving === true ? {} : guardLeaving)} />
      ) : null}
      <div className={styles.formHead}>
        <Button icon={<IconLeft />} onClick={onBack} data-testid="register-back">
          返回
        </Button>
        <h4 className={styles.formTitle}>
          {correction?.change?.title ?? (correction ? '修改注册信息' : '填写注册信息')}
        </h4>
      </div>
      <Alert
        type="info"
        className={styles.formNote}
        content="请如实填写以下信息，带 * 的为必填项。上传的证照复印件须加盖企业公章；提交后请耐心等待审核。"
      />
      <div ref={sectionsBox}>
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={onValuesChange}
          scrollToFirstError={false}
        >
          <Collapse
            accordion
            lazyload={false}
            activeKey={activeSection}
            onChange={(_key, keys) => setActiveSection(keys[0] ?? '')}
            className={styles.sections}
          >
            {sections.map((section, index) => (
              <Collapse.Item
                key={section}
                name={section}
                header={
                  <span className={styles.sectionHeader} data-testid={`register-section-${section}`}>
                    <span className={styles.sectionNo}>{index + 1}</span>
                    {REGISTER_SECTION_TITLES[section]}
                  </span>
                }
              >
                {renderSection(section)}
              </Collapse.Item>
            ))}
          </Collapse>
        </Form>
      </div>
      <div className={styles.agree}>
        <Checkbox checked={agreed} onChange={(checked: boolean) => setAgreed(checked)} data-testid="register-agree">
          我已阅读并同意
        </Checkbox>
        {REGISTER_AGREEMENTS.map((agreement, index) => (
          <span key={agreement.code}>
            {index > 0 ? '和' : null}
            <a
              href={`/register/agreement/${agreement.code}`}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`register-agreement-${agreement.code}`}
            >
              {agreement.title}
            </a>
          </span>
        ))}
      </div>
      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          icon={submitting ? <IconLoading /> : undefined}
          aria-busy={submitting}
          className={submitting ? styles.submitting : undefined}
          onClick={() => void submit()}
          data-testid="register-submit"
        >
          提交
        </Button>
      </div>
      {correction?.change ? (
        <ChangeCompletionModal visible={completed !== null} onDone={correction.change.onDone} />
      ) : (
        <CompletionModal
          visible={completed !== null}
          serviceAreaCode={completed?.serviceAreaCode ?? ''}
          resubmitted={correction !== undefined}
          onViewStatus={onViewStatus}
        />
      )}
    </div>
  );
}
