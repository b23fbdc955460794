import { useCallback, useMemo, useRef } from 'react';
import type { FormInstance } from '@arco-design/web-react';
import { toApiError } from '@cotton/sdk';
import { checkTraderName, judgeExistEnterprise } from '../../../api';
import { checkRegisterField, checkedValue, type RegisterFieldSpec, type RegisterSection } from '../../../rules';

/** Fields typed in two places: the enterprise's name and credit code, and their copies in the signature section. */
export const MIRRORED_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['traderInfo.traderName', 'usbkeyInfo.ukeyUserName'],
  ['traderInfo.uniformCreditCode', 'usbkeyInfo.ukeyUniformCreditCode'],
];

/** The other place a mirrored field is typed, if any. */
export function mirrorOf(path: string): string | undefined {
  for (const [a, b] of MIRRORED_FIELDS) {
    if (path === a) return b;
    if (path === b) return a;
  }
  return undefined;
}

/** The fields checked on the server when left: a name (checkTraderName) or a credit code (with its name). */
const SERVER_CHECKED: Record<string, { kind: 'name' } | { kind: 'code'; namePath: string }> = {
  'traderInfo.traderName': { kind: 'name' },
  'usbkeyInfo.ukeyUserName': { kind: 'name' },
  'traderInfo.uniformCreditCode': { kind: 'code', namePath: 'traderInfo.traderName' },
  'usbkeyInfo.ukeyUniformCreditCode': { kind: 'code', namePath: 'usbkeyInfo.ukeyUserName' },
};

export const isServerChecked = (path: string) => path in SERVER_CHECKED;

/** A value as the messages are kept against it. */
export function valueKey(spec: RegisterFieldSpec, value: unknown): string {
  const checked = checkedValue(spec, value);
  return checked === null ? '' : String(checked).trim();
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export interface ServerChecks {
  /** The server's message for this field while it holds the value the server refused. */
  messageFor(path: string, key: string): string | null;
  /** Keeps the server's message for the field's current value (`null` forgets it). */
  remember(path: string, key: string, message: string | null): void;
  /** On leaving a name or credit-code field: asks the server; a `504` is the field's message. */
  checkOnBlur(section: RegisterSection, name: string): void;
}

/**
 * The server's say on fields (spec §5 "Generic duplicate and rule checks": an empty value
 * passes; otherwise the server's answer decides, its message is the error): the name and
 * credit-code checks when the user leaves those fields, and the field messages of a refused
 * submission. A message holds while the field keeps the value it was given for.
 */
export function useServerChecks(
  form: FormInstance,
  /**
   * A returned application being corrected: its own name and credit code, which the server
   * holds for it (they are not asked about; the resubmission checks the rest).
   */
  own?: { name: string; code: string },
  /** false: no call when a field is left (an enterprise's change: its submission checks them). */
  onBlur = true,
): ServerChecks {
  const messages = useRef(new Map<string, { key: string; message: string }>());

  const messageFor = useCallback((path: string, key: string) => {
    const kept = messages.current.get(path);
    return kept && kept.key === key ? kept.message : null;
  }, []);

  const remember = useCallback((path: string, key: string, message: string | null) => {
    if (message) messages.current.set(path, { key, message });
    else messages.current.delete(path);
  }, []);

  const checkOnBlur = useCallback(
    (section: RegisterSection, name: string) => {
      const path = `${section}.${name}`;
      const check = SERVER_CHECKED[path];
      if (!check || !onBlur) return;
      const value = textOf(form.getFieldValue(path));
      // Empty passes; a value the shared rules refuse is not worth a call.
      if (value === '' || checkRegisterField(section, name, value, false)) return;
      if (own && value.toUpperCase() === (check.kind === 'name' ? own.name : own.code).toUpperCase()) {
        settle(null);
        return;
      }
      const call =
        check.kind === 'name'
          ? checkTraderName(value)
          : judgeExistEnterprise(value, textOf(form.getFieldValue(check.namePath)) || undefined);
      call.then(
        () => settle(null),
        (thrown: unknown) => {
          const error = toApiError(thrown);
          // Only 504 is the server's verdict on the value; anything else leaves the field alone.
          if (error.code === '504') settle(error.message);
        },
      );
      function settle(message: string | null) {
        if (textOf(form.getFieldValue(path)) !== value) return;
        const mirror = mirrorOf(path);
        const paths = [path, ...(mirror && textOf(form.getFieldValue(mirror)) === value ? [mirror] : [])];
        for (const target of paths) remember(target, value, message);
        form.validate(paths).catch(() => undefined);
      }
    },
    [form, remember, own, onBlur],
  );

  return useMemo(() => ({ messageFor, remember, checkOnBlur }), [messageFor, remember, checkOnBlur]);
}
