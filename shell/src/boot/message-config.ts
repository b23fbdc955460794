import { Message } from '@arco-design/web-react';

/**
 * Spec §8: a failed content, site, region, appointment, detail or agreement call shows the
 * server's message as a toast at the top for 5 s, 50 px from the top. Every `Message` of the
 * portal (the SDK's `useQuery` failures included) uses these settings; the 50 px offset is
 * `.arco-message-wrapper-top` in styles/global.css.
 */
export const MESSAGE_DURATION_MS = 5000;
export const MESSAGE_TOP_OFFSET_PX = 50;

export function configureMessages(): void {
  Message.config({ duration: MESSAGE_DURATION_MS, maxCount: 3 });
}
