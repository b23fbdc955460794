import { Tabs } from '@arco-design/web-react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderTabListHeader } from './renderTabListHeader';

describe('renderTabListHeader', () => {
  it("puts Arco's tabs in a tab list", () => {
    render(
      <Tabs defaultActiveTab="a" renderTabHeader={renderTabListHeader}>
        <Tabs.TabPane key="a" title="账号登录">
          一
        </Tabs.TabPane>
        <Tabs.TabPane key="b" title="手机号登录">
          二
        </Tabs.TabPane>
      </Tabs>,
    );
    const list = screen.getByRole('tablist');
    expect(list).not.toHaveAttribute('aria-orientation');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['账号登录', '手机号登录']);
    for (const tab of tabs) expect(list).toContainElement(tab);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });
});
