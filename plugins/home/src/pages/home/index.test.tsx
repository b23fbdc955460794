import { getPortalConfig, request } from '@cotton/sdk';
import { setPortalConfig } from '@cotton/sdk/host';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from './index';
import zhCN from './locale/zh-CN';
import { HOME_SECTIONS } from './sections';

// The CMS board (tested in cms/cms-board.test.tsx) stays loading here: its call never answers.
vi.spyOn(request, 'post').mockImplementation(() => new Promise(() => {}));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search + location.hash}</output>;
}

function renderHome(entry = '/home') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <HomePage />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const NAV_KEYS = ['supervision', 'trading', 'finance', 'logistics', 'imported', 'receipt'];

describe('HomePage', () => {
  let scrolled: string[];

  beforeEach(() => {
    setPortalConfig({
      ...getPortalConfig(),
      siteName: '全国棉花交易市场测试站',
      servicePhone: '400-000-0000',
      nav: [],
    });
    scrolled = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
  });

  afterEach(() => {
    cleanup();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('shows the site name from the portal config and the mission', () => {
    renderHome();
    const hero = screen.getByTestId('home-hero');
    expect(within(hero).getByRole('heading', { name: '全国棉花交易市场测试站' })).toBeInTheDocument();
    expect(hero).toHaveTextContent('仓储监管');
  });

  it('renders the six anchored sections with ids equal to the nav keys', () => {
    const { container } = renderHome();
    const ids = Array.from(container.querySelectorAll('section[id]')).map((section) => section.id);
    expect(ids).toEqual(NAV_KEYS);
    expect(HOME_SECTIONS.map((section) => section.key)).toEqual(NAV_KEYS);
    for (const [key, title] of [
      ['supervision', '监管服务'],
      ['trading', '交易服务'],
      ['finance', '供应链金融服务'],
      ['logistics', '物流服务'],
      ['imported', '进口棉服务'],
      ['receipt', '仓单查询'],
    ]) {
      const section = container.querySelector(`#${key}`) as HTMLElement;
      expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(title);
      const description = zhCN[`home.${key}.description` as keyof typeof zhCN];
      expect(description.length).toBeGreaterThan(60);
      expect(section).toHaveTextContent(description);
    }
  });

  it('links the cards whose pages exist; the others are disabled 敬请期待 cards', () => {
    const { container } = renderHome();
    const links = Array.from(container.querySelectorAll('section[id] a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/reservation',
      '/inlReservation',
      '/batchQuality',
      '/financialService',
      '/financialService#finance-products',
      '/warehouse',
      '/bid',
      '/batchQuality',
    ]);
    expect(within(screen.getByTestId('home-section-logistics')).getByRole('link')).toHaveTextContent('仓库查询');
    expect(screen.getByTestId('home-card-receipt')).toHaveAttribute('href', '/bid');
    expect(screen.getByTestId('home-card-receipt')).toHaveTextContent('仓单查询');
    expect(screen.getByTestId('home-card-inspection')).toHaveTextContent('公检数据查询');
    expect(screen.getByTestId('home-card-reservation')).toHaveTextContent('新疆棉入库预约');
    expect(screen.getByTestId('home-card-inlReservation')).toHaveAttribute('href', '/inlReservation');
    expect(screen.getByTestId('home-card-pledge')).toHaveTextContent('仓单质押融资');
    expect(screen.getByTestId('home-card-products')).toHaveTextContent('融资产品');

    const disabled = container.querySelectorAll('[aria-disabled="true"]');
    const cardCount = HOME_SECTIONS.reduce((n, section) => n + section.cards.length, 0);
    expect(disabled).toHaveLength(cardCount - links.length);
    for (const card of disabled) expect(card).toHaveTextContent('敬请期待');
  });

  it('opens the warehouse page from its card', () => {
    renderHome();
    fireEvent.click(screen.getByTestId('home-card-warehouse'));
    expect(screen.getByTestId('location')).toHaveTextContent('/warehouse');
  });

  it('scrolls smoothly to the section named by the hash on mount', async () => {
    renderHome('/home#finance');
    await waitFor(() => expect(scrolled).toEqual(['finance']));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('puts the section back in place when content above it moved it during the scroll, unless the visitor scrolled', async () => {
    const calls = Element.prototype.scrollIntoView as unknown as ReturnType<typeof vi.fn>;
    const { container } = renderHome('/home#logistics');
    await waitFor(() => expect(scrolled).toEqual(['logistics']));
    const section = container.querySelector<HTMLElement>('#logistics')!;
    let top = 103;
    section.getBoundingClientRect = () => ({ top }) as DOMRect;

    // The smooth scroll ends 103 px down where the section belongs at 0 (no scroll margin in jsdom).
    fireEvent(document, new Event('scrollend', { bubbles: true }));
    expect(calls).toHaveBeenLastCalledWith({ behavior: 'instant', block: 'start' });
    expect(scrolled).toEqual(['logistics', 'logistics']);

    // In place: nothing more.
    top = 1;
    fireEvent(document, new Event('scrollend', { bubbles: true }));
    expect(scrolled).toHaveLength(2);

    // The visitor scrolls with the wheel: the page leaves the scroll to them.
    top = 300;
    fireEvent.wheel(window);
    fireEvent(document, new Event('scrollend', { bubbles: true }));
    expect(scrolled).toHaveLength(2);
  });

  it('scrolls again when the hash changes', async () => {
    renderHome('/home');
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(scrolled).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: '了解服务' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/home#supervision');
    await waitFor(() => expect(scrolled).toEqual(['supervision']));
  });
});
