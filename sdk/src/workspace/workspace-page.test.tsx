import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WorkspacePageContext, useTabDrawer, useUnsavedChanges, type WorkspacePage } from './workspace-page';

function pageWith(container: HTMLElement) {
  const setUnsaved = vi.fn<WorkspacePage['setUnsaved']>();
  const page: WorkspacePage = { popupContainer: () => container, setUnsaved };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <WorkspacePageContext.Provider value={page}>{children}</WorkspacePageContext.Provider>
  );
  return { page, setUnsaved, wrapper };
}

describe('the workspace page hooks', () => {
  it('useTabDrawer: the tab’s layer and no focus lock in a tab; nothing outside', () => {
    const layer = document.createElement('div');
    const { wrapper } = pageWith(layer);
    const inTab = renderHook(() => useTabDrawer(), { wrapper }).result.current;
    expect(inTab.getPopupContainer?.()).toBe(layer);
    expect(inTab.focusLock).toBe(false);
    expect(renderHook(() => useTabDrawer()).result.current).toEqual({});
  });

  it('useUnsavedChanges: each part says so under its own source, and unsays it when saved or gone', () => {
    const { setUnsaved, wrapper } = pageWith(document.createElement('div'));
    function Part({ unsaved }: { unsaved: boolean }) {
      useUnsavedChanges(unsaved);
      return null;
    }
    const view = render(
      <>
        <Part unsaved />
        <Part unsaved={false} />
      </>,
      { wrapper },
    );
    expect(setUnsaved).toHaveBeenCalledTimes(1);
    const [source] = setUnsaved.mock.calls[0];
    expect(setUnsaved).toHaveBeenLastCalledWith(source, true);
    view.rerender(
      <>
        <Part unsaved={false} />
        <Part unsaved={false} />
      </>,
    );
    expect(setUnsaved).toHaveBeenLastCalledWith(source, false);
    view.rerender(<Part unsaved />);
    view.unmount();
    expect(setUnsaved.mock.calls.at(-1)?.[1]).toBe(false);
  });

  it('useUnsavedChanges outside the workspace does nothing', () => {
    expect(() => renderHook(() => useUnsavedChanges(true))).not.toThrow();
  });
});
