import { startSmsGateway } from './sms-gateway';

/** Services the portal under test talks to; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  const gateway = await startSmsGateway();
  return () => new Promise<void>((resolve) => gateway.close(() => resolve()));
}
