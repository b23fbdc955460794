import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import { clearSession, setPortalConfig, setSession } from '@cotton/sdk/host';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cmsCalls } from '@cotton/sdk/calls';
import { portalConfig } from '../../test-support';
import { USER_CENTER_ITEMS, HELP_ARTICLES, cmsAnswers } from './cms.fixtures';
import { LinksShownContext } from '../../plugin-loader/links-shown';
import { activeNavKey, parseNavPath } from './nav';
import { PublicLayout } from './PublicLayout';

function Where() {
  const location = useLocation();
  return (
    <div data-testid="where">
      {location.pathname}
      {location.search}
      {location.hash}
    </div>
  );
}

function renderLayout(path = '/home') {
  const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '*', element: <Where /> }] }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

let scrollTo: ReturnType<typeof vi.spyOn>;
let post: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  setPortalConfig(portalConfig());
  post = vi.spyOn(request, 'call').mockImplementation(cmsAnswers() as typeof request.call);
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  window.scrollY = 0;
});

function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  fireEvent.scroll(window);
}

describe('header', () => {
  it('shows the site name linking home, the nav items, 登录 and 注册', () => {
    renderLayout('/demo');
    const header = screen.getByTestId('site-header');
    expect(within(header).getByTestId('site-logo')).toHaveAttribute('href', '/home');
    expect(within(header).getByText('示例交易中心')).toBeInTheDocument();
    expect(
      within(header)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['示例交易中心', '注册', '首页', '业务服务', '示例查询']);
    expect(within(header).getByTestId('nav-demo')).toHaveAttribute('aria-current', 'page');
    expect(within(header).getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '注册' })).toBeInTheDocument();
  });

  it('shows the user name and 进入工作台 instead of 登录 and 注册 when logged in', async () => {
    setSession({
      token: 'tok',
      user: {
        uid: 'u1',
        loginName: 'admin',
        nickName: '',
        realname: '张三',
        avatar: null,
        phone: null,
        email: null,
        enterpriseCode: null,
        enterpriseName: null,
      },
    });
    try {
      const router = renderLayout();
      const header = screen.getByTestId('site-header');
      expect(within(header).getByTestId('header-user')).toHaveTextContent('张三');
      expect(within(header).queryByRole('button', { name: '登录' })).toBeNull();
      await userEvent.click(within(header).getByRole('button', { name: '进入工作台' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/project/display'));
    } finally {
      clearSession();
    }
  });

  it('shows the red environment label outside production only', () => {
    renderLayout();
    expect(screen.getByTestId('env-label')).toHaveTextContent('测试环境');
  });

  it('hides the environment label in production', () => {
    setPortalConfig(portalConfig({ production: true, envLabel: '' }));
    renderLayout();
    expect(screen.queryByTestId('env-label')).not.toBeInTheDocument();
  });

  it('searches the trimmed keyword and ignores an empty one', async () => {
    const router = renderLayout();
    const input = within(screen.getByTestId('site-header')).getByPlaceholderText('请输入关键字');
    // Arco reads keyCode, which user-event leaves out.
    const pressEnter = () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await userEvent.type(input, '   ');
    pressEnter();
    expect(router.state.location.pathname).toBe('/home');
    await userEvent.clear(input);
    await userEvent.type(input, '  年度 报告 ');
    pressEnter();
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('keyWord')).toBe('年度 报告');
  });

  it('登录 goes to /login, or to single sign-on when configured; 注册 goes to /register', async () => {
    const router = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(router.state.location.pathname).toBe('/login');
    // 注册 is a link (rendered ahead, may open in a new tab), drawn as a button.
    const register = screen.getByRole('link', { name: '注册' });
    expect(register).toHaveAttribute('href', '/register');
    expect(register).toHaveClass('arco-btn');
    await userEvent.click(register);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('登录 leaves for the single sign-on page when one is configured', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    setPortalConfig(portalConfig({ ssoLoginUrl: 'https://sso.example/login' }));
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(assign).toHaveBeenCalledWith('https://sso.example/login');
  });

  it('an anchor item on the current page scrolls to its section', async () => {
    const section = document.createElement('section');
    section.id = 'services';
    document.body.appendChild(section);
    try {
      const router = renderLayout('/home');
      await userEvent.click(screen.getByTestId('nav-services'));
      expect(router.state.location.hash).toBe('#services');
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    } finally {
      section.remove();
    }
  });

  it('an anchor item on another page navigates there first', async () => {
    const router = renderLayout('/demo');
    await userEvent.click(screen.getByTestId('nav-services'));
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.hash).toBe('#services');
  });

  // jsdom applies no media queries: what a phone shows is checked end to end (phone.spec.ts);
  // here, what the menu holds and when it closes.
  it('the menu button opens the navigation, the search, 登录 and 注册; an item navigates and closes it', async () => {
    const router = renderLayout('/demo');
    expect(screen.queryByTestId('header-menu-panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '菜单' }));
    const menu = screen.getByTestId('header-menu-panel');
    expect(screen.getByTestId('header-menu')).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['注册', '首页', '业务服务', '示例查询']);
    expect(within(menu).getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: '注册' })).toBeInTheDocument();
    expect(within(menu).getByPlaceholderText('请输入关键字')).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('link', { name: '首页' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByTestId('header-menu-panel')).not.toBeInTheDocument();
  });

  it('each opening of the menu asks the shell to look at its links (prefetch, pages rendered ahead)', async () => {
    const linksShown = vi.fn();
    const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '*', element: <Where /> }] }], {
      initialEntries: ['/demo'],
    });
    render(
      <LinksShownContext.Provider value={linksShown}>
        <RouterProvider router={router} />
      </LinksShownContext.Provider>,
    );
    expect(linksShown).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('header-menu'));
    expect(linksShown).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('header-menu'));
    expect(linksShown).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('header-menu'));
    expect(linksShown).toHaveBeenCalledTimes(2);
  });

  it('the menu closes with Escape and with a tap outside the header', async () => {
    renderLayout('/demo');
    await userEvent.click(screen.getByTestId('header-menu'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('header-menu-panel')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('header-menu'));
    await userEvent.click(screen.getByTestId('where'));
    expect(screen.queryByTestId('header-menu-panel')).not.toBeInTheDocument();
  });

  it('a keyword searched from the menu opens the search page', async () => {
    const router = renderLayout('/demo');
    await userEvent.click(screen.getByTestId('header-menu'));
    const input = within(screen.getByTestId('header-menu-panel')).getByPlaceholderText('请输入关键字');
    await userEvent.type(input, '棉花');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('keyWord')).toBe('棉花');
    expect(screen.queryByTestId('header-menu-panel')).not.toBeInTheDocument();
  });
});

describe('nav helpers', () => {
  it('splits a path and its anchor', () => {
    expect(parseNavPath('/home#trading')).toEqual({ pathname: '/home', hash: 'trading' });
    expect(parseNavPath('/warehouse')).toEqual({ pathname: '/warehouse', hash: '' });
  });

  it('marks the item of the current route, or the route containing it', () => {
    const items = portalConfig().nav;
    expect(activeNavKey(items, '/home')).toBe('home');
    expect(activeNavKey(items, '/demo/detail')).toBe('demo');
    expect(activeNavKey(items, '/elsewhere')).toBeUndefined();
  });
});

describe('footer', () => {
  it('shows copyright, filing number, two hotlines, four friendly links opening in a new tab, and the QR code', () => {
    renderLayout();
    const footer = screen.getByTestId('site-footer');
    expect(within(footer).getByText('© 2025 示例交易中心 版权所有')).toBeInTheDocument();
    expect(within(footer).getByText('京ICP备00000000号')).toBeInTheDocument();
    expect(within(footer).getAllByTestId('footer-hotline')).toHaveLength(2);
    const links = within(footer).getAllByTestId('friendly-link');
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(footer).getByTestId('footer-qr')).toHaveAttribute('src', '/qr-official-account.svg');
  });
});

describe('floating tools', () => {
  it('shows 总部客服电话 with the service phone on hover', async () => {
    renderLayout();
    await userEvent.hover(screen.getByTestId('tool-phone'));
    const popover = await screen.findByTestId('phone-popover');
    expect(popover).toHaveTextContent('总部客服电话');
    expect(popover).toHaveTextContent('400-000-0001');
  });

  it('the one button that folds the tools on a phone opens and closes them', async () => {
    renderLayout();
    const tools = screen.getByTestId('floating-tools');
    expect(tools).toHaveAttribute('data-open', 'false');
    await userEvent.click(screen.getByRole('button', { name: '更多工具' }));
    expect(tools).toHaveAttribute('data-open', 'true');
    await userEvent.click(screen.getByRole('button', { name: '收起工具' }));
    expect(tools).toHaveAttribute('data-open', 'false');
  });

  it('on a phone the one button steps aside while a form field is under it, and comes back', async () => {
    // A 360 px phone (jsdom has no matchMedia, layout nor hit-testing): the button at its place
    // in the bottom-right corner, and what lies under each point of it.
    const hadMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: query === '(max-width: 767px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    const field = document.createElement('input');
    document.body.append(field);
    let under: Element[] = [document.body];
    const hadElementsFromPoint = Object.getOwnPropertyDescriptor(document, 'elementsFromPoint');
    const points: Array<[number, number]> = [];
    Object.defineProperty(document, 'elementsFromPoint', {
      configurable: true,
      value: (x: number, y: number) => {
        points.push([x, y]);
        return under;
      },
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'tools-toggle'
        ? DOMRect.fromRect({ x: 304, y: 680, width: 44, height: 44 })
        : DOMRect.fromRect();
    });
    try {
      renderLayout();
      const tools = screen.getByTestId('floating-tools');
      expect(tools).toHaveAttribute('data-tucked', 'false');

      // The page scrolls a field under the button: it steps aside.
      under = [screen.getByTestId('tools-toggle'), field, document.body];
      fireEvent.scroll(document);
      await waitFor(() => expect(tools).toHaveAttribute('data-tucked', 'true'));
      expect(points.every(([x, y]) => x >= 304 && x <= 348 && y >= 680 && y <= 724)).toBe(true);

      // On past it: back.
      under = [document.body];
      fireEvent.scroll(document);
      await waitFor(() => expect(tools).toHaveAttribute('data-tucked', 'false'));

      // Opened by the visitor, the tools stay whatever is under them.
      under = [field, document.body];
      await userEvent.click(screen.getByRole('button', { name: '更多工具' }));
      const checked = points.length;
      fireEvent.scroll(document);
      await waitFor(() => expect(points.length).toBeGreaterThan(checked));
      expect(tools).toHaveAttribute('data-tucked', 'false');
    } finally {
      field.remove();
      if (hadMatchMedia) Object.defineProperty(window, 'matchMedia', hadMatchMedia);
      else delete (window as Partial<Window>).matchMedia;
      if (hadElementsFromPoint) Object.defineProperty(document, 'elementsFromPoint', hadElementsFromPoint);
      else delete (document as Partial<Document>).elementsFromPoint;
    }
  });

  it('shows back-to-top after 650 px of scroll; it scrolls smoothly to the top', async () => {
    renderLayout();
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
    act(() => scrollWindow(649));
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
    act(() => scrollWindow(650));
    await userEvent.click(screen.getByTestId('back-to-top'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

describe('scroll-spy', () => {
  function section(id: string, top: number) {
    const element = document.createElement('section');
    element.id = id;
    element.getBoundingClientRect = () => ({
      top,
      bottom: top + 400,
      left: 0,
      right: 0,
      width: 0,
      height: 400,
      x: 0,
      y: top,
      toJSON: () => ({}),
    });
    document.body.appendChild(element);
    return element;
  }

  it('marks the last section whose top has reached 82 px below the window top', () => {
    const services = section('services', 300);
    try {
      renderLayout('/home');
      const active = () =>
        screen.getByTestId('site-nav').querySelector('[aria-current="page"]')?.getAttribute('data-testid');
      expect(active()).toBe('nav-home');
      services.getBoundingClientRect = () => ({
        top: 84,
        bottom: 484,
        left: 0,
        right: 0,
        width: 0,
        height: 400,
        x: 0,
        y: 84,
        toJSON: () => ({}),
      });
      act(() => scrollWindow(216));
      expect(active()).toBe('nav-home');
      services.getBoundingClientRect = () => ({
        top: 82,
        bottom: 482,
        left: 0,
        right: 0,
        width: 0,
        height: 400,
        x: 0,
        y: 82,
        toJSON: () => ({}),
      });
      act(() => scrollWindow(218));
      expect(active()).toBe('nav-services');
    } finally {
      services.remove();
    }
  });

  it('an anchor clicked on another page lands on /home and scrolls after about a second, 82 px above the section', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const services = section('services', 1000);
    try {
      const router = renderLayout('/demo');
      await userEvent.click(screen.getByTestId('nav-services'));
      expect(router.state.location.pathname).toBe('/home');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(800);
      });
      expect(scrollTo).not.toHaveBeenCalledWith({ top: 1000 - 82, behavior: 'smooth' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      expect(scrollTo).toHaveBeenCalledWith({ top: 1000 - 82, behavior: 'smooth' });
    } finally {
      services.remove();
      vi.useRealTimers();
    }
  });
});

describe('content from content management', () => {
  it('the footer lists the first 4 user-centre items, linking to their component path with code, activeKey and catalogId or id', async () => {
    renderLayout();
    const links = await within(screen.getByTestId('site-footer')).findAllByTestId('footer-user-center-link');
    expect(post).toHaveBeenCalledWith(cmsCalls.catalogList, {
      code: 'userCenter',
      ifPage: true,
      pageParameter: { pageNum: 1, pageSize: 4 },
    });
    expect(links.map((link) => link.textContent)).toEqual(USER_CENTER_ITEMS.slice(0, 4).map((item) => item.title));
    expect(links[0]).toHaveAttribute('href', '/service?code=serviceCenter&activeKey=registerGuide&catalogId=6');
    expect(links[2]).toHaveAttribute('href', '/service?code=serviceCenter&activeKey=feeStandard&id=25');
    await userEvent.click(links[0]);
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/service?code=serviceCenter&activeKey=registerGuide&catalogId=6',
    );
  });

  it('the help popover lists 5 random service-centre articles linking to the service page', async () => {
    renderLayout();
    const tool = await screen.findByTestId('tool-help');
    expect(post).toHaveBeenCalledWith(cmsCalls.randomContents, { code: 'serviceCenter', count: 5 });
    await userEvent.hover(tool);
    const popover = await screen.findByTestId('help-popover');
    expect(popover).toHaveTextContent('帮助中心');
    const articles = within(popover).getAllByTestId('help-article');
    expect(articles).toHaveLength(5);
    expect(articles.map((a) => a.textContent)).toEqual(HELP_ARTICLES.slice(0, 5).map((a) => a.title));
    expect(articles[0]).toHaveAttribute(
      'href',
      `/service?activeKey=${HELP_ARTICLES[0].catalogCode}&id=${HELP_ARTICLES[0].id}`,
    );
  });

  it('a failed content call shows the server message as a toast; the rest of the footer stays', async () => {
    const toast = vi.spyOn(Message, 'error').mockImplementation(() => () => undefined);
    post.mockImplementation((async () => {
      throw new ApiError('503', '数据服务暂不可用，请稍后再试');
    }) as typeof request.call);
    renderLayout();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试'));
    expect(screen.queryByTestId('footer-user-center-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tool-help')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('friendly-link')).toHaveLength(4);
  });
});
