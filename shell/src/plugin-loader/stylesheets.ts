/**
 * The stylesheets the shell links while the page is open: each Arco component's styles come
 * with the component's chunk (`shell/vite/arco-styles-plugin.ts`), linked by Vite's preload
 * helper before the chunk's import resolves. When one fails to download, the import fails
 * and the plugin's page shows its error panel; but the helper remembers the URL as handled
 * and the failed `<link>` stays in the document, so 重试 would render the page without those
 * styles. The watcher records failed stylesheet links; `relinkFailed` (on a retry, before the
 * plugin is imported again) replaces each with a fresh link at the same place in the
 * cascade and waits for it.
 */
export interface StylesheetWatcher {
  /** Links every failed stylesheet again; resolves when each has loaded or failed again. */
  relinkFailed(): Promise<void>;
}

function isStylesheet(target: EventTarget | null): target is HTMLLinkElement {
  return (
    typeof HTMLLinkElement !== 'undefined' &&
    target instanceof HTMLLinkElement &&
    target.rel.split(/\s+/).includes('stylesheet')
  );
}

/** Waits for a link's `load` or `error` (either settles it: the page must not wait forever). */
function settled(link: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      link.removeEventListener('load', done);
      link.removeEventListener('error', done);
      resolve();
    };
    link.addEventListener('load', done);
    link.addEventListener('error', done);
  });
}

export function watchStylesheets(doc: Document = document): StylesheetWatcher {
  const failed = new Set<HTMLLinkElement>();
  // `error` does not bubble: listened to in the capture phase, for links added at any time.
  doc.addEventListener(
    'error',
    (event) => {
      if (isStylesheet(event.target)) failed.add(event.target);
    },
    true,
  );
  return {
    async relinkFailed() {
      const links = [...failed];
      failed.clear();
      await Promise.all(
        links.map((old) => {
          if (!old.isConnected) return undefined;
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          const crossOrigin = old.getAttribute('crossorigin');
          if (crossOrigin !== null) link.setAttribute('crossorigin', crossOrigin);
          link.setAttribute('href', old.getAttribute('href') ?? old.href);
          const done = settled(link);
          old.replaceWith(link);
          return done;
        }),
      );
    },
  };
}
