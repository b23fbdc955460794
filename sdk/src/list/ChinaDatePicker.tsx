import { DatePicker, Link } from '@arco-design/web-react';
import { useState, type CSSProperties } from 'react';
import { formatDate } from '../format';
import styles from './ChinaDatePicker.module.css';

export interface ChinaDatePickerProps {
  /** A calendar day, `YYYY-MM-DD` (a China day: the server reads it so). */
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** The parts of a picker day that `dateRender` uses (a dayjs). */
interface PickerDay {
  format(pattern: string): string;
  date(): number;
}

/**
 * A day picker whose 今天 is China's (UTC+8), whatever the browser's zone: the 今天 link, the
 * marked day and the month it opens on. The value is the day as text both ways, never an
 * instant, so no zone moves it. (Arco's own `timezone` reads a day as the browser's midnight
 * and moves it: a day picked in New York was sent as the day before.)
 */
export function ChinaDatePicker({ value, onChange, placeholder, style, ...rest }: ChinaDatePickerProps) {
  const [open, setOpen] = useState(false);
  const today = formatDate(Date.now());
  return (
    <DatePicker
      aria-label={rest['aria-label']}
      value={value || undefined}
      onChange={(day: string | undefined) => onChange?.(day || undefined)}
      placeholder={placeholder}
      style={style}
      popupVisible={open}
      onVisibleChange={(visible) => setOpen(visible === true)}
      showNowBtn={false}
      defaultPickerValue={today}
      triggerProps={{ className: styles.popup }}
      extra={
        <Link
          data-testid="date-picker-today"
          onClick={() => {
            onChange?.(today);
            setOpen(false);
          }}
        >
          今天
        </Link>
      }
      dateRender={(day: PickerDay) => (
        <div
          className={day.format('YYYY-MM-DD') === today ? `arco-picker-date ${styles.today}` : 'arco-picker-date'}
          data-china-today={day.format('YYYY-MM-DD') === today ? 'true' : undefined}
        >
          <div className="arco-picker-date-value">{day.date()}</div>
        </div>
      )}
    />
  );
}
