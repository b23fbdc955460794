import { useId } from 'react';
import type { CSSProperties, FormEvent, ReactNode } from 'react';
import styles from './LightForm.module.css';

export interface LightSearchFormProps {
  /** Submit (查询 button, Enter in a field). */
  onSubmit: () => void;
  /** The search's accessible name (the form has `role="search"`). */
  'aria-label'?: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A search form of plain elements (Arco Form's inline look, none of its code): `role="search"`,
 * submitted by its submit button or Enter; the page keeps the values in its own state.
 */
export function LightSearchForm({
  onSubmit,
  'aria-label': ariaLabel,
  children,
  className,
  style,
}: LightSearchFormProps) {
  return (
    <form
      role="search"
      aria-label={ariaLabel}
      className={['cotton-light-search-form', styles.form, className].filter(Boolean).join(' ')}
      style={style}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export interface LightFieldProps {
  /** The visible label. */
  label?: ReactNode;
  /** The control, given the id its label points at. */
  children: (id: string) => ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** A label and its control, side by side (under each other on a phone). */
export function LightField({ label, children, className, 'data-testid': testId }: LightFieldProps) {
  const id = useId();
  return (
    <div className={['cotton-light-field', styles.field, className].filter(Boolean).join(' ')} data-testid={testId}>
      {label !== undefined && (
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
      )}
      <div className={styles.control}>{children(id)}</div>
    </div>
  );
}

export interface LightInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  /** A 清除 button while there is text. */
  allowClear?: boolean;
  /** Called by 清除, after onChange(''). */
  onClear?: () => void;
  /** Shows the error look (`aria-invalid`). */
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
  'data-testid'?: string;
}

/** A text input in Arco's look, with an optional 清除 button. */
export function LightInput({
  id,
  value,
  onChange,
  placeholder,
  maxLength,
  allowClear,
  onClear,
  invalid,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  className,
  'data-testid': testId,
}: LightInputProps) {
  return (
    <span
      className={['cotton-light-input', styles.box, invalid ? styles.invalid : '', className].filter(Boolean).join(' ')}
    >
      <input
        id={id}
        className={styles.input}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {allowClear && value !== '' && (
        <button
          type="button"
          className={styles.clear}
          aria-label="清除"
          onClick={() => {
            onChange('');
            onClear?.();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </span>
  );
}

export interface LightSelectProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ label: string; value: string }>;
  /** The first option, value '' (shown greyed while chosen). */
  placeholder?: string;
  'aria-label'?: string;
  className?: string;
  'data-testid'?: string;
}

/** The browser's own select (a phone's picker on a phone) in Arco's look. */
export function LightSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  'aria-label': ariaLabel,
  className,
  'data-testid': testId,
}: LightSelectProps) {
  return (
    <span className={['cotton-light-select', styles.box, styles['select-box'], className].filter(Boolean).join(' ')}>
      <select
        id={id}
        className={[styles.input, styles.select].join(' ')}
        value={value}
        aria-label={ariaLabel}
        data-empty={value === '' || undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
