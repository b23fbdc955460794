import { useEffect, useState } from 'react';

/**
 * A seconds countdown for "send again in N s" buttons (SMS codes): `start()` begins at
 * `seconds`; `remaining` is 0 when idle. The timer stops with the component.
 */
export function useCountdown(seconds: number): { remaining: number; start(): void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: () => setRemaining(seconds) };
}
