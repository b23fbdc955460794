import { Button, Form, Input } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import type { SmsLogLocale } from './locale/zh-CN';
import styles from './style/index.module.css';

export interface SmsSearchValues {
  mobile: string;
}

export interface SearchFormProps {
  t: SmsLogLocale;
  onSearch: (values: SmsSearchValues) => void;
  onReset: () => void;
}

/** Filter by mobile (part of a number matches, as the server decides). */
export function SearchForm({ t, onSearch, onReset }: SearchFormProps) {
  const [form] = Form.useForm<{ mobile?: string }>();
  return (
    <div className={styles['search-form-wrapper']} data-testid="sms-search-form">
      <Form<{ mobile?: string }>
        form={form}
        layout="inline"
        className={styles['search-form']}
        onSubmit={(values) => onSearch({ mobile: values.mobile?.trim() ?? '' })}
      >
        <Form.Item label={t['smsLog.form.mobile']} field="mobile">
          <Input allowClear maxLength={11} placeholder={t['smsLog.form.mobile.placeholder']} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <div className={styles['search-buttons']}>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {t['smsLog.form.search']}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              {t['smsLog.form.reset']}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </div>
  );
}
