import { LightSpin } from '../widgets/light/LightSpin';
import type { ComponentType, ReactNode } from 'react';
import { LazySuspense, lazyPart } from './lazyPart';

/**
 * A page whose module (and the Arco components only it imports) is a chunk of its own,
 * downloaded and run when the page is first shown (issue 30): opening one page of this plugin
 * does not compile and run the others' components on the click. A function component, as
 * `definePlugin` routes and components are; a spinner (or `fallback`) while the chunk arrives.
 * A failed download is the page's error panel, whose 重试 loads the chunk again (`lazyPart`).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  fallback: ReactNode = (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '80px 0' }}>
      <LightSpin />
    </div>
  ),
): ComponentType<P> {
  const Lazy = lazyPart(load, name);
  function LazyPage(props: P) {
    return (
      <LazySuspense fallback={fallback}>
        <Lazy {...props} />
      </LazySuspense>
    );
  }
  LazyPage.displayName = name;
  return LazyPage;
}
