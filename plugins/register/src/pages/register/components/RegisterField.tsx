import type { ReactNode } from 'react';
import { Form, Input } from '@arco-design/web-react';
import { checkRegisterField, checkedValue, type RegisterFieldView } from '../../../rules';
import { valueKey, type ServerChecks } from '../hooks/useServerChecks';
import { BankSelect } from './BankSelect';
import { DateField } from './DateField';
import { DictField } from './DictField';
import { FileUploadField } from './FileUploadField';
import { OfficeSelect } from './OfficeSelect';
import { RegionField } from './RegionField';
import styles from '../style/index.module.css';

export interface RegisterFieldProps {
  view: RegisterFieldView;
  checks: ServerChecks;
  /** Under the control (notes, the 同注册地址 button). */
  extra?: ReactNode;
  /** 所属服务区域: the chosen office's name. */
  onPickOfficeName?: (name: string) => void;
}

/** Typed fields are checked when left; choices as soon as they change. */
const CHECKED_ON_BLUR = new Set(['text', 'money']);

/**
 * One field of the registration form: its control by kind, its rules from the shared
 * `checkRegisterField` (required as the detail says; the certificate type decides whether the
 * certificate number is an ID card number), then the server's message if it refused the value.
 */
export function RegisterField({ view, checks, extra, onPickOfficeName }: RegisterFieldProps) {
  const { form } = Form.useFormContext();
  const { section, name, path, spec, required } = view;
  const testId = `register-field-${name}`;

  const rule = {
    validator: (value: unknown, callback: (error?: string) => void) => {
      const certificateType = section === 'lrInfo' ? form.getFieldValue('lrInfo.lrCertificateType') : undefined;
      const local = checkRegisterField(section, name, checkedValue(spec, value), required, {
        certificateType: typeof certificateType === 'string' ? certificateType : null,
      });
      callback(local ?? checks.messageFor(path, valueKey(spec, value)) ?? undefined);
    },
  };

  const leave = () => {
    const value = form.getFieldValue(path);
    if (typeof value === 'string' && value !== value.trim()) form.setFieldValue(path, value.trim());
    checks.checkOnBlur(section, name);
  };

  let control: ReactNode;
  switch (spec.kind) {
    case 'text':
    case 'money':
      control = (
        <Input
          placeholder={spec.placeholder ?? `请输入${spec.label.replace(/（.*）$/, '')}`}
          maxLength={spec.maxLength}
          addAfter={spec.kind === 'money' ? '万元' : undefined}
          onBlur={leave}
          data-testid={testId}
        />
      );
      break;
    case 'dict':
    case 'radio':
      control = (
        <DictField category={spec.dict ?? ''} radio={spec.kind === 'radio'} placeholder={spec.empty} testId={testId} />
      );
      break;
    case 'select':
      control = <OfficeSelect testId={testId} onPickName={onPickOfficeName} />;
      break;
    case 'region':
      control = <RegionField testId={testId} />;
      break;
    case 'bank':
      control = <BankSelect testId={testId} />;
      break;
    case 'date':
      control = <DateField testId={testId} />;
      break;
    case 'files':
      control = <FileUploadField spec={spec} testId={testId} />;
      break;
  }

  return (
    <Form.Item
      className={styles.field}
      label={spec.label}
      field={path}
      required={required}
      rules={[rule]}
      validateTrigger={CHECKED_ON_BLUR.has(spec.kind) ? 'onBlur' : 'onChange'}
      extra={extra}
    >
      {control}
    </Form.Item>
  );
}
