// Arco's Message/Notification/Modal.confirm need its React 19 adapter, as in the shell's
// entry; tests resolve Arco's CommonJS build as well as its ES build, so load both.
import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/lib/_util/react-19-adapter';
import '@testing-library/jest-dom/vitest';
import { Message, Notification } from '@arco-design/web-react';
import { cleanup, configure, waitFor } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach } from 'vitest';

// React's development build records where each element was created (an Error per element,
// for the owner stacks of its warnings) until 10,000 a second: a fifth of a component test's
// CPU (register-review: 18.6 → 14.2 s). The tests read no owner stacks; React's warnings still
// name the component. The counter it checks stays past its limit.
const internals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
  configurable: true,
  get: () => Number.POSITIVE_INFINITY,
  set: () => {},
});

// Generous waits for findBy/waitFor: on a busy 2-core machine a form's validation can take
// over the default second. A passing test never waits for them; they only bound a failing one.
configure({ asyncUtilTimeout: 5_000 });

// Arco reads matchMedia (Grid, responsive Table) and ResizeObserver; jsdom has neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Arco's TextArea with `autoSize` (review reasons, notices, SMS templates, complaints…)
// measures its padding and border with getComputedStyle. jsdom has none of Arco's CSS,
// so they read '' and the height it sets is NaN ("`NaN` is an invalid value for the `height`
// css style property"). Zero padding and border, as declared values, give it numbers.
if (!document.getElementById('cotton-test-textarea-box')) {
  const style = document.createElement('style');
  style.id = 'cotton-test-textarea-box';
  style.textContent = 'textarea { padding: 0; border-width: 0; }';
  document.head.append(style);
}

// Arco 2.66 (the latest) reads `element.ref` of the child it wraps, to pass the DOM node on:
// `callbackOriginRef` in es/_util/react-dom.js, called by Trigger (Select, Cascader, Tooltip,
// Dropdown…), ResizeObserver and its CSSTransition — Select's own SelectView carries a ref.
// React 19 warns once per component type "Accessing element.ref was removed in React 19". Not
// ours to fix; that message alone is dropped.
const ELEMENT_REF_WARNING = 'Accessing element.ref was removed in React 19.';
const FILTERED = Symbol.for('cotton.test.elementRefWarningFiltered');
if (!(FILTERED in console.error)) {
  const consoleError = console.error;
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(ELEMENT_REF_WARNING)) return;
    consoleError(...args);
  };
  console.error = Object.assign(filtered, { [FILTERED]: true });
}

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => cleanup());

// Arco's notices live in roots of their own that `cleanup` does not unmount; their closing
// animations run on timers. Close them and wait until they are gone, so that no timer fires
// after the file's DOM is torn down ("window is not defined" from react-transition-group).
afterAll(async () => {
  Notification.clear();
  Message.clear();
  await waitFor(
    () => {
      if (document.querySelector('.arco-notification, .arco-message')) throw new Error('notices are still closing');
    },
    { timeout: 10_000 },
  );
});
