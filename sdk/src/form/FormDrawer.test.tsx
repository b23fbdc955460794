import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Cascader, DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../request/api-error';
import { WorkspacePageContext, type WorkspacePage } from '../workspace/workspace-page';
import { FormDrawer } from './FormDrawer';
import { notBlank } from './rules';
import { refusedField, useFormSave } from './use-form-save';

interface Values {
  code?: string;
  name?: string;
}

function PostForm({ send, onSaved }: { send: (values: Values) => Promise<unknown>; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const { error, saving, save } = useFormSave(form, {
    targets: [{ field: 'code', names: ['岗位编码'] }],
    savedText: '保存成功',
    onSaved,
  });
  return (
    <FormDrawer
      testId="post-form"
      title="新增岗位"
      visible
      saving={saving}
      error={error}
      saveText="保存"
      cancelText="取消"
      onClose={() => undefined}
      onSave={() => void save(send)}
    >
      <Form<Values> form={form}>
        <Form.Item field="code" label="岗位编码" rules={[notBlank('请输入岗位编码')]}>
          <Input placeholder="岗位编码" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

afterEach(cleanup);

describe('FormDrawer with useFormSave', () => {
  it('does not send a blank field', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<PostForm send={send} onSaved={() => undefined} />);
    await userEvent.type(screen.getByPlaceholderText('岗位编码'), '   ');
    await userEvent.click(screen.getByTestId('post-form-save'));
    expect(await screen.findByText('请输入岗位编码')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the values, then tells the page it saved', async () => {
    const send = vi.fn(() => Promise.resolve());
    const onSaved = vi.fn();
    render(<PostForm send={send} onSaved={onSaved} />);
    await userEvent.type(screen.getByPlaceholderText('岗位编码'), 'CEO');
    await userEvent.click(screen.getByTestId('post-form-save'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ code: 'CEO' });
  });

  it('shows a refusal under the field it names, else above the fields', async () => {
    const send = vi
      .fn<(values: Values) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('400', '该岗位编码已被使用'))
      .mockRejectedValueOnce(new ApiError('500', '服务器繁忙'));
    render(<PostForm send={send} onSaved={() => undefined} />);
    await userEvent.type(screen.getByPlaceholderText('岗位编码'), 'CEO');
    await userEvent.click(screen.getByTestId('post-form-save'));
    expect(await screen.findByText('该岗位编码已被使用')).toBeTruthy();
    expect(screen.queryByTestId('post-form-error')).toBeNull();
    await userEvent.click(screen.getByTestId('post-form-save'));
    expect((await screen.findByTestId('post-form-error')).textContent).toContain('服务器繁忙');
  });

  it('does not show a refusal the host has shown already', async () => {
    const send = vi.fn(() => Promise.reject(new ApiError('510', '今日已停止交易', true)));
    render(<PostForm send={send} onSaved={() => undefined} />);
    await userEvent.type(screen.getByPlaceholderText('岗位编码'), 'CEO');
    await userEvent.click(screen.getByTestId('post-form-save'));
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    expect(screen.queryByTestId('post-form-error')).toBeNull();
    expect(screen.queryByText('今日已停止交易')).toBeNull();
  });
});

describe('refusedField', () => {
  const targets = [
    { field: 'email', names: ['邮箱', 'email'] },
    { field: 'code', names: ['编码'] },
  ] as const;

  it('is the first field whose words the refusal contains', () => {
    expect(refusedField('参数错误：email 格式不正确', targets)).toBe('email');
    expect(refusedField('该编码已被使用', targets)).toBe('code');
    expect(refusedField('服务器繁忙', targets)).toBeNull();
  });
});

describe('FormDrawer in a tab of the workspace', () => {
  function Drawer({ visible }: { visible: boolean }) {
    return (
      <FormDrawer
        testId="post-form"
        title="新增岗位"
        visible={visible}
        saving={false}
        error={null}
        saveText="保存"
        cancelText="取消"
        onClose={() => undefined}
        onSave={() => undefined}
      >
        <Input placeholder="岗位编码" />
      </FormDrawer>
    );
  }

  function renderInTab(visible: boolean) {
    const container = document.createElement('div');
    container.dataset.testid = 'tab-container';
    document.body.append(container);
    const unsaved = new Map<string, boolean>();
    const page: WorkspacePage = {
      popupContainer: () => container,
      setUnsaved: (source, value) => {
        if (value) unsaved.set(source, true);
        else unsaved.delete(source);
      },
    };
    const view = render(
      <WorkspacePageContext.Provider value={page}>
        <Drawer visible={visible} />
      </WorkspacePageContext.Provider>,
    );
    const rerender = (next: boolean) =>
      view.rerender(
        <WorkspacePageContext.Provider value={page}>
          <Drawer visible={next} />
        </WorkspacePageContext.Provider>,
      );
    return { container, unsaved, rerender };
  }

  it('mounts inside the tab, and is unsaved from the first input until it closes', async () => {
    const { container, unsaved, rerender } = renderInTab(true);
    expect(container).toContainElement(screen.getByTestId('post-form'));
    // Positioned in the tab's own box, not fixed to the window.
    expect(container.querySelector<HTMLElement>('.arco-drawer-wrapper')?.style.position).toBe('absolute');
    expect(unsaved.size).toBe(0);
    // No focus lock in a tab: the first field takes the focus once the drawer is open.
    await waitFor(() => expect(screen.getByPlaceholderText('岗位编码')).toHaveFocus());
    await userEvent.type(screen.getByPlaceholderText('岗位编码'), 'C');
    expect(unsaved.size).toBe(1);
    rerender(false);
    expect(unsaved.size).toBe(0);
    rerender(true);
    expect(unsaved.size).toBe(0);
    container.remove();
  });

  it('outside the workspace mounts in the document body, unsaved nowhere', () => {
    render(<Drawer visible />);
    expect(screen.getByTestId('post-form').closest('[data-testid="tab-container"]')).toBeNull();
  });

  /** A form the page fills as it opens, with choices picked in pop-ups. */
  function PickDrawer() {
    const [form] = Form.useForm();
    useEffect(() => {
      form.setFieldsValue({ type: 'a', day: '2026-03-02' });
    }, [form]);
    return (
      <FormDrawer
        testId="pick-form"
        title="编辑"
        visible
        saving={false}
        error={null}
        saveText="保存"
        cancelText="取消"
        onClose={() => undefined}
        onSave={() => undefined}
      >
        <Form form={form}>
          <Form.Item field="type" label="类型">
            <Select
              data-testid="pick-type"
              options={[
                { label: '甲', value: 'a' },
                { label: '乙', value: 'b' },
              ]}
            />
          </Form.Item>
          <Form.Item field="area" label="区域">
            <Cascader
              data-testid="pick-area"
              options={[{ label: '新疆', value: '65', children: [{ label: '乌鲁木齐', value: '6501' }] }]}
            />
          </Form.Item>
          <Form.Item field="day" label="日期">
            <DatePicker data-testid="pick-day" />
          </Form.Item>
        </Form>
      </FormDrawer>
    );
  }

  function renderPicks() {
    const container = document.createElement('div');
    document.body.append(container);
    const unsaved = new Set<string>();
    const page: WorkspacePage = {
      popupContainer: () => container,
      setUnsaved: (source, value) => {
        if (value) unsaved.add(source);
        else unsaved.delete(source);
      },
    };
    render(
      <WorkspacePageContext.Provider value={page}>
        <PickDrawer />
      </WorkspacePageContext.Provider>,
    );
    return { unsaved, done: () => container.remove() };
  }

  it('is unsaved once an option of a Select is picked, not when the page fills the form', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unsaved, done } = renderPicks();
    await screen.findByText('甲');
    expect(unsaved.size).toBe(0);
    await user.click(screen.getByTestId('pick-type'));
    await user.click(await screen.findByRole('option', { name: '乙' }));
    await waitFor(() => expect(unsaved.size).toBe(1));
    done();
  });

  it('is unsaved once a Cascader’s place is picked', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unsaved, done } = renderPicks();
    await screen.findByText('甲');
    await user.click(screen.getByTestId('pick-area'));
    await user.click(await screen.findByText('新疆'));
    await user.click(await screen.findByText('乌鲁木齐'));
    await waitFor(() => expect(unsaved.size).toBe(1));
    done();
  });

  it('is unsaved once a day is picked', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { unsaved, done } = renderPicks();
    await screen.findByText('甲');
    expect(unsaved.size).toBe(0);
    await user.click(screen.getByTestId('pick-day'));
    const cell = [...document.querySelectorAll<HTMLElement>('.arco-picker-cell-in-view')].find(
      (element) => element.textContent === '15',
    )!;
    await user.click(cell);
    await waitFor(() => expect(unsaved.size).toBe(1));
    done();
  });
});
