import { afterEach, describe, expect, it } from 'vitest';
import { watchStylesheets } from './stylesheets';

function link(href: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = 'stylesheet';
  element.crossOrigin = '';
  element.href = href;
  document.head.appendChild(element);
  return element;
}

const hrefs = () => [...document.head.querySelectorAll('link')].map((element) => element.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('watchStylesheets', () => {
  it('links a stylesheet that failed to download again, in its place, and waits for it', async () => {
    const watcher = watchStylesheets(document);
    link('/assets/index-1.css');
    const failed = link('/assets/Table-2.css');
    link('/assets/Form-3.css');
    failed.dispatchEvent(new Event('error'));

    let done = false;
    const relinked = watcher.relinkFailed().then(() => {
      done = true;
    });
    const fresh = document.head.querySelectorAll('link')[1];
    expect(fresh).not.toBe(failed);
    expect(failed.isConnected).toBe(false);
    // Same place in the cascade: before the stylesheets linked after it.
    expect(hrefs()).toEqual(['/assets/index-1.css', '/assets/Table-2.css', '/assets/Form-3.css']);
    expect(fresh.getAttribute('crossorigin')).toBe('');
    await Promise.resolve();
    expect(done).toBe(false);
    fresh.dispatchEvent(new Event('load'));
    await relinked;
    expect(done).toBe(true);
  });

  it('leaves stylesheets that loaded, and other failures (scripts), alone', async () => {
    const watcher = watchStylesheets(document);
    const good = link('/assets/index-1.css');
    good.dispatchEvent(new Event('load'));
    const script = document.createElement('script');
    document.head.appendChild(script);
    script.dispatchEvent(new Event('error'));

    await watcher.relinkFailed();
    expect(document.head.querySelector('link')).toBe(good);
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });

  it('relinks a failure once: a second retry finds nothing to do unless it failed again', async () => {
    const watcher = watchStylesheets(document);
    link('/assets/Table-2.css').dispatchEvent(new Event('error'));
    const first = watcher.relinkFailed();
    const fresh = document.head.querySelector('link') as HTMLLinkElement;
    fresh.dispatchEvent(new Event('error'));
    await first;
    // The fresh link failed too: the next retry links it again.
    const second = watcher.relinkFailed();
    const again = document.head.querySelector('link') as HTMLLinkElement;
    expect(again).not.toBe(fresh);
    again.dispatchEvent(new Event('load'));
    await second;
    await watcher.relinkFailed();
    expect(document.head.querySelector('link')).toBe(again);
  });
});
