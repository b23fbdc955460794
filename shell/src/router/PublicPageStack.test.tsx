import { useQuery, type Prerender } from '@cotton/sdk';
import { setPortalConfig } from '@cotton/sdk/host';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, RouterProvider, createMemoryRouter, useSearchParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PluginLoaderContext } from '../plugin-loader/context';
import type { PluginLoader } from '../plugin-loader/plugin-loader';
import { WarmPagesContext, type WarmPage, type WarmPages } from '../plugin-loader/warm-pages';
import { fakeLoader, manifest, portalConfig } from '../test-support';
import { buildRoutes } from './routes';

/** A fixed list of pages rendered ahead, changed by the test (what createWarmPages decides). */
function warmStore() {
  let pages: readonly WarmPage[] = [];
  const listeners = new Set<() => void>();
  let clock = 0;
  const store: WarmPages = {
    get: () => pages,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    schedule: () => undefined,
    run: async () => undefined,
    dispose: () => undefined,
  };
  let made = 0;
  return {
    store,
    tick(ms: number) {
      clock += ms;
    },
    warm(address: string): WarmPage {
      const url = new URL(address, 'http://x');
      made += 1;
      const prerender: Prerender = { hidden: true, maxAgeMs: 30_000, now: () => clock, track: () => undefined };
      const page = { id: `warm:${made}`, address, pathname: url.pathname, search: url.search, prerender };
      pages = [...pages, page];
      act(() => listeners.forEach((listener) => listener()));
      return page;
    },
  };
}

/** The warehouse list: asks the server once per load; counts its rows' renders and its shown effects. */
const requests: string[] = [];
const answers: Array<{ resolve: (rows: string[]) => void; reject: (error: unknown) => void }> = [];
let renders = 0;
let effects = 0;
function WarehousePage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { data, loading } = useQuery(
    () =>
      new Promise<string[]>((resolve, reject) => {
        requests.push(q);
        answers.push({ resolve, reject });
      }),
    [q],
  );
  useEffect(() => {
    effects += 1;
  }, []);
  return (
    <section data-testid="warehouse" aria-busy={loading}>
      {(data ?? []).map((row) => (
        <Row key={row} text={row} />
      ))}
    </section>
  );
}

/** A row of the list: counts its renders (what a page's rendering costs is its rows' and cells'). */
function Row({ text }: { text: string }) {
  renders += 1;
  return <p>{text}</p>;
}

function HomePage() {
  const [typed, setTyped] = useState('');
  return (
    <div>
      <Link to="/warehouse">仓库</Link>
      <input aria-label="输入" value={typed} onChange={(event) => setTyped(event.target.value)} />
    </div>
  );
}

const home = manifest('home', [{ path: '/home', public: true, title: '首页' }]);
const warehouse = manifest('warehouse', [{ path: '/warehouse', public: true, title: '仓库' }]);

async function setUp(path: string) {
  const { loader } = fakeLoader({
    [home.entry]: { id: 'home', routes: [{ path: '/home', element: HomePage }] },
    [warehouse.entry]: { id: 'warehouse', routes: [{ path: '/warehouse', element: WarehousePage }] },
  });
  // Pages are rendered ahead only for loaded plugins (the prefetcher loads them).
  await loader.load(home);
  await loader.load(warehouse);
  const warm = warmStore();
  const router = createMemoryRouter(buildRoutes([home, warehouse]), { initialEntries: [path] });
  render(
    <PluginLoaderContext.Provider value={loader as PluginLoader}>
      <WarmPagesContext.Provider value={warm.store}>
        <RouterProvider router={router} />
      </WarmPagesContext.Provider>
    </PluginLoaderContext.Provider>,
  );
  await screen.findByRole('link', { name: '仓库' });
  return { router, warm };
}

beforeEach(() => {
  setPortalConfig(portalConfig());
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  requests.length = 0;
  answers.length = 0;
  renders = 0;
  effects = 0;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PublicPageStack', () => {
  it('renders a warm link’s page hidden, with its rows, before any click', async () => {
    const { warm } = await setUp('/home');
    warm.warm('/warehouse');
    await waitFor(() => expect(requests).toEqual(['']));
    await act(async () => answers[0]!.resolve(['一号库']));
    const row = await screen.findByText('一号库');
    expect(row).not.toBeVisible();
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'false');
    // Hidden: no effect ran.
    expect(effects).toBe(0);
    expect(screen.getByRole('link', { name: '仓库' })).toBeVisible();
  });

  it('a click shows that very DOM without rendering the page again; its effects run then, no second request', async () => {
    const { router, warm } = await setUp('/home');
    warm.warm('/warehouse');
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => answers[0]!.resolve(['一号库']));
    const row = await screen.findByText('一号库');
    const rendersBefore = renders;
    await act(() => screen.getByRole('link', { name: '仓库' }).click());
    expect(router.state.location.pathname).toBe('/warehouse');
    expect(screen.getByText('一号库')).toBe(row);
    expect(row).toBeVisible();
    expect(renders).toBe(rendersBefore);
    expect(effects).toBe(1);
    expect(requests).toHaveLength(1);
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'false');
    // The page left is gone.
    expect(screen.queryByRole('link', { name: '仓库' })).toBeNull();
  });

  it('shows an answer older than 30 s with its rows marked loading, and loads again', async () => {
    const { router, warm } = await setUp('/home');
    warm.warm('/warehouse');
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => answers[0]!.resolve(['一号库']));
    await screen.findByText('一号库');
    warm.tick(30_001);
    await act(() => router.navigate('/warehouse'));
    expect(screen.getByText('一号库')).toBeVisible();
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'true');
    expect(requests).toHaveLength(2);
    await act(async () => answers[1]!.resolve(['二号库']));
    expect(screen.getByText('二号库')).toBeVisible();
    expect(screen.queryByText('一号库')).toBeNull();
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'false');
  });

  it('a load that failed while the page was hidden is tried again when it is shown, silently before', async () => {
    const { router, warm } = await setUp('/home');
    warm.warm('/warehouse');
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => answers[0]!.reject(new Error('网络异常')));
    await act(() => router.navigate('/warehouse'));
    expect(requests).toHaveLength(2);
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answers[1]!.resolve(['一号库']));
    expect(screen.getByText('一号库')).toBeVisible();
  });

  it('shows a page clicked before its answer came loading, then its rows from that one request', async () => {
    const { router, warm } = await setUp('/home');
    warm.warm('/warehouse');
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => router.navigate('/warehouse'));
    expect(screen.getByTestId('warehouse')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answers[0]!.resolve(['一号库']));
    expect(screen.getByText('一号库')).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  it('a link to an address not rendered ahead opens a new page as before', async () => {
    const { router, warm } = await setUp('/home');
    warm.warm('/warehouse?q=棉');
    await waitFor(() => expect(requests).toEqual(['棉']));
    await act(() => router.navigate('/warehouse'));
    await waitFor(() => expect(requests).toEqual(['棉', '']));
    await act(async () => answers[1]!.resolve(['一号库']));
    expect(screen.getByText('一号库')).toBeVisible();
    // The page for the other address stays hidden (a page of the current plugin: dropped at the next look).
    expect(screen.getAllByTestId('warehouse').filter((el) => el.style.display !== 'none')).toHaveLength(1);
  });

  it('a search change on the page shown keeps the page (its rows stay while the next load runs)', async () => {
    const { router } = await setUp('/home');
    await act(() => router.navigate('/warehouse'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => answers[0]!.resolve(['一号库']));
    const section = screen.getByTestId('warehouse');
    await act(() => router.navigate('/warehouse?q=棉'));
    expect(screen.getByTestId('warehouse')).toBe(section);
    expect(screen.getByText('一号库')).toBeVisible();
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(effects).toBe(1);
  });

  it('a page left is not kept: going back opens it anew, without what was typed', async () => {
    const { router } = await setUp('/home');
    await userEvent.type(screen.getByRole('textbox', { name: '输入' }), '棉花');
    expect(screen.getByRole('textbox', { name: '输入' })).toHaveValue('棉花');
    await act(() => router.navigate('/warehouse'));
    await act(() => router.navigate('/home'));
    expect(await screen.findByRole('textbox', { name: '输入' })).toHaveValue('');
  });
});
