import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFailedLazyParts, isLazyPartFailure } from '../host';
import { lazyPage } from './lazyPage';
import { LazySuspense, lazyPart } from './lazyPart';

/** A boundary like the shell's: shows the error with a 重试 that forgets the failed parts. */
class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div role="alert">
        <span data-testid="lazy-failure">{String(isLazyPartFailure(this.state.error))}</span>
        <button
          onClick={() => {
            forgetFailedLazyParts();
            this.setState({ error: undefined });
          }}
        >
          重试
        </button>
      </div>
    );
  }
}

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

/** A load that fails the first `failures` times (a chunk that did not download), then works. */
function flakyLoad(failures: number) {
  let calls = 0;
  return vi.fn(() => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new Error('Error loading https://portal.test/plugins/demo/demo.part.js'))
      : Promise.resolve(Greeting);
  });
}

afterEach(() => {
  forgetFailedLazyParts();
  vi.restoreAllMocks();
});

describe('lazyPart', () => {
  it('shows the fallback, then the part once its module has loaded', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = lazyPart(load);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Part name="棉花" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(await screen.findByText('你好，棉花')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load reaches the error boundary; after 重试 the next render loads again and shows the part', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = flakyLoad(1);
    const Part = lazyPart(load);
    render(
      <Boundary>
        <Suspense fallback={<p>加载中</p>}>
          <Part name="棉花" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // The shell's panel tells a part that did not load from a page that failed to render.
    expect(screen.getByTestId('lazy-failure')).toHaveTextContent('true');
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('你好，棉花')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a failure until 重试: rendering again does not download again (no loop while offline)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = flakyLoad(Infinity);
    const Part = lazyPart(load);
    const tree = (name: string) => (
      <Boundary key={name}>
        <Suspense fallback={<p>加载中</p>}>
          <Part name={name} />
        </Suspense>
      </Boundary>
    );
    const { rerender } = render(tree('甲'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    // A new boundary (another page) renders the part again: the same failure, no new load.
    rerender(tree('乙'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a string rejection is thrown as an Error the shell recognises', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPart<{ name: string }>(() => Promise.reject('offline'));
    render(
      <Boundary>
        <Suspense fallback={null}>
          <Part name="棉花" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByTestId('lazy-failure')).toHaveTextContent('true');
    expect(isLazyPartFailure(new Error('offline'))).toBe(false);
  });
});

describe('lazyPage', () => {
  it('recovers on 重试 like any lazy part', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = flakyLoad(1);
    const Page = lazyPage(load, 'GreetingPage');
    render(
      <Boundary>
        <Page name="棉花" />
      </Boundary>,
    );
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('你好，棉花')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('LazySuspense', () => {
  /** The real timer, kept before the test fakes `setTimeout`. */
  const realTimeout = globalThis.setTimeout;
  /** Lets React's scheduler and the settled load's callbacks run. */
  const flush = () => new Promise<void>((resolve) => realTimeout(resolve, 0));

  it("shows a part as soon as its module arrives, not 300 ms after the spinner (React's throttle)", async () => {
    // Outside act(), as in the browser: act() commits at once and would hide the throttle.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    // React holds a throttled reveal back with setTimeout: with fake timers it never fires here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    try {
      let arrive!: (component: typeof Greeting) => void;
      const Part = lazyPart(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)), 'Greeting');
      root.render(
        <LazySuspense fallback={<span>加载中</span>}>
          <Part name="棉花" />
        </LazySuspense>,
      );
      for (let i = 0; i < 5 && !host.textContent; i++) await flush();
      expect(host.textContent).toBe('加载中');

      arrive(Greeting);
      for (let i = 0; i < 10 && host.textContent === '加载中'; i++) await flush();
      expect(host.textContent).toBe('你好，棉花');
    } finally {
      root.unmount();
      host.remove();
      vi.useRealTimers();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
