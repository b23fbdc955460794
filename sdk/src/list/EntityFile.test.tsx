import { Message } from '@arco-design/web-react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntityFieldDeclaration } from '../contracts/plugin-entity';
import { EntityFileLink, EntityFileUpload } from './EntityFile';

const call = vi.hoisted(() => vi.fn());
const upload = vi.hoisted(() => vi.fn());
vi.mock('../request/client', () => ({
  request: {
    call: (declared: { path: string }, body: unknown) => call(declared.path, body),
    upload: (declared: { path: string }, form: FormData) => upload(declared.path, form),
  },
}));

const REPORT: EntityFieldDeclaration = { name: 'report', label: '检验报告', type: 'file' };
const PHOTO: EntityFieldDeclaration = {
  name: 'photo',
  label: '样品照片',
  type: 'file',
  accept: 'image',
  required: true,
};
const ROW = { id: '7', report: 'a'.repeat(32), fileNames: { report: '报告.pdf' } };

/** The control inside a form's value, as the drawer holds it. */
function Harness({
  field,
  row,
  initial,
}: {
  field: EntityFieldDeclaration;
  row: typeof ROW | null;
  initial: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <EntityFileUpload
        pluginId="acme-qc"
        entity="inspection"
        field={field}
        row={row}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value ?? '(none)'}</output>
    </>
  );
}

let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  open = vi.fn();
  vi.spyOn(window, 'open').mockImplementation(open as never);
});

/** The address opened in a new tab of its own. */
const opened = () => {
  expect(open).toHaveBeenCalledTimes(1);
  const [url, target, features] = open.mock.calls[0] as [string, string, string];
  expect([target, features]).toEqual(['_blank', 'noopener']);
  return url;
};

afterEach(() => {
  vi.restoreAllMocks();
  call.mockReset();
  upload.mockReset();
});

describe('EntityFileUpload', () => {
  it('shows the row’s file by name and previews it through the entity’s own call', async () => {
    call.mockResolvedValue({ previewUrl: '/file/preview/abc?exp=1&sig=2' });
    render(<Harness field={REPORT} row={ROW} initial={ROW.report} />);
    expect(screen.getByRole('button', { name: '重新上传' })).toBeTruthy();
    await userEvent.click(screen.getByText('报告.pdf'));
    expect(call).toHaveBeenCalledWith('/rest/pluginData/acme-qc/inspection/getFile', { id: '7', field: 'report' });
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(opened()).toMatch(/^http:\/\/[^/]+\/file\/preview\/abc\?exp=1&sig=2$/);
  });

  it('uploads a chosen file to the entity, naming the field before the file, and takes its id', async () => {
    upload.mockResolvedValue({ fileId: 'b'.repeat(32), fileName: '新报告.pdf', fileSize: 9, fileType: 'pdf' });
    render(<Harness field={REPORT} row={null} initial={null} />);
    const file = new File(['%PDF-1.4'], '新报告.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('entity-upload-report-input'), file);
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('b'.repeat(32)));
    expect(screen.getByText('新报告.pdf')).toBeTruthy();
    const [path, form] = upload.mock.calls[0] as [string, FormData];
    expect(path).toBe('/rest/pluginData/acme-qc/inspection/upload');
    expect([...form.keys()]).toEqual(['field', 'file']);
    expect(form.get('field')).toBe('report');
    // 移除 clears an optional field.
    await userEvent.click(screen.getByRole('button', { name: '移除' }));
    expect(screen.getByTestId('value').textContent).toBe('(none)');
  });

  it('refuses a file the field does not take before sending it, and offers no 移除 on a required field', async () => {
    const error = vi.spyOn(Message, 'error').mockImplementation(() => () => undefined);
    render(<Harness field={PHOTO} row={null} initial={null} />);
    expect(screen.getByText('支持 PNG、JPG 图片，不超过 10 MB')).toBeTruthy();
    const pdf = new File(['%PDF-1.4'], '照片.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByTestId('entity-upload-photo-input'), pdf, { applyAccept: false });
    expect(error).toHaveBeenCalledWith('图片格式错误');
    expect(upload).not.toHaveBeenCalled();
    upload.mockResolvedValue({ fileId: 'c'.repeat(32), fileName: '照片.png', fileSize: 9, fileType: 'png' });
    await userEvent.upload(
      screen.getByTestId('entity-upload-photo-input'),
      new File(['png'], '照片.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByText('照片.png')).toBeTruthy());
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
  });
});

describe('EntityFileUpload while uploading', () => {
  it('marks its state busy until the answer, and drops an answer that comes after it is gone', async () => {
    let answer: (value: unknown) => void = () => undefined;
    upload.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const state = { uploading: false };
    const changed = vi.fn();
    const { unmount } = render(
      <EntityFileUpload
        pluginId="acme-qc"
        entity="inspection"
        field={REPORT}
        row={null}
        state={state}
        onChange={changed}
      />,
    );
    await userEvent.upload(
      screen.getByTestId('entity-upload-report-input'),
      new File(['%PDF-1.4'], '报告.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(state.uploading).toBe(true);
    unmount();
    expect(state.uploading).toBe(false);
    answer({ fileId: 'd'.repeat(32), fileName: '报告.pdf', fileSize: 8, fileType: 'pdf' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changed).not.toHaveBeenCalled();
  });
});

describe('EntityFileLink', () => {
  it('is the file’s name, previewing the row’s file; nothing for a row without one', async () => {
    call.mockResolvedValue({ previewUrl: '/file/preview/def?exp=1&sig=2' });
    const { rerender } = render(
      <EntityFileLink pluginId="acme-qc" entity="inspection" field="report" rowId="9" fileName="报告.pdf" />,
    );
    await userEvent.click(screen.getByText('报告.pdf'));
    expect(call).toHaveBeenCalledWith('/rest/pluginData/acme-qc/inspection/getFile', { id: '9', field: 'report' });
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(opened()).toMatch(/\/file\/preview\/def/);
    rerender(<EntityFileLink pluginId="acme-qc" entity="inspection" field="report" rowId="9" fileName={null} />);
    expect(screen.queryByTestId('entity-file-report')).toBeNull();
  });
});
