import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictCalls } from '../../calls';
import { ApiError } from '../../request/api-error';
import { DictSelect } from './DictSelect';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../request/client', () => ({ request: { call: post } }));

const AREA_TYPES = {
  dictList: [
    { code: '1', value: '新疆库' },
    { code: '2', value: '内地库' },
  ],
};

// Arco's popups ignore the pointer while they animate in.
const user = userEvent.setup({ pointerEventsCheck: 0 });

async function open(container: HTMLElement) {
  const view = container.querySelector('.arco-select-view');
  if (!view) throw new Error('no select');
  await user.click(view);
}

describe('DictSelect', () => {
  let messageError: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    post.mockReset();
    messageError = vi.fn();
    vi.spyOn(Message, 'error').mockImplementation(messageError as unknown as typeof Message.error);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads the category and offers its entries', async () => {
    post.mockResolvedValue(AREA_TYPES);
    const onChange = vi.fn();
    const { container } = render(<DictSelect categoryCode="areaType" onChange={onChange} />);
    expect(post).toHaveBeenCalledWith(dictCalls.list, { categoryCode: 'areaType' });
    expect(screen.getAllByText('请选择')[0]).toBeInTheDocument();
    await open(container);
    await user.click(await screen.findByText('内地库'));
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('shows the label of the selected code', async () => {
    post.mockResolvedValue(AREA_TYPES);
    render(<DictSelect categoryCode="areaType2" value="1" />);
    expect(await screen.findByText('新疆库')).toBeInTheDocument();
  });

  it('asks once per category, however many selects use it', async () => {
    post.mockResolvedValue(AREA_TYPES);
    render(
      <>
        <DictSelect categoryCode="shared" value="1" />
        <DictSelect categoryCode="shared" value="2" />
      </>,
    );
    expect(await screen.findByText('新疆库')).toBeInTheDocument();
    expect(await screen.findByText('内地库')).toBeInTheDocument();
    render(<DictSelect categoryCode="shared" value="1" />);
    await waitFor(() => expect(screen.getAllByText('新疆库')).toHaveLength(2));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('shows the server message on failure and retries on the next mount', async () => {
    post.mockRejectedValueOnce(new ApiError('404', '字典不存在：nope'));
    const first = render(<DictSelect categoryCode="nope" />);
    await waitFor(() => expect(messageError).toHaveBeenCalledWith('字典不存在：nope'));
    first.unmount();
    post.mockResolvedValueOnce(AREA_TYPES);
    render(<DictSelect categoryCode="nope" value="2" />);
    expect(await screen.findByText('内地库')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a message the request layer already showed', async () => {
    post.mockRejectedValueOnce(new ApiError('401', '未授权，请重新登录', true));
    render(<DictSelect categoryCode="handled" />);
    await waitFor(() => expect(post).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(messageError).not.toHaveBeenCalled();
  });
});
