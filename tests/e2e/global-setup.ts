import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthorPlugin } from './author-plugin';
import { startSmsGateway } from './sms-gateway';

/**
 * Services the portal under test talks to; Playwright calls the returned function at the end.
 * With E2E_AUTHOR_EARLY=1 (a full `npm test`), also the outside authors' steps of
 * plugin-author.spec.ts and plugin-author-entity.spec.ts, which need no portal: started here
 * (once the portal answers), the packages packed once, they run beside the first specs, and
 * each spec finds its plugin in E2E_AUTHOR_FOLDER (author-plugin.ts).
 */
export default async function globalSetup() {
  const gateway = await startSmsGateway();
  let author: Promise<void> | undefined;
  let folder: string | undefined;
  if (process.env.E2E_AUTHOR_EARLY === '1') {
    folder = mkdtempSync(join(tmpdir(), 'cotton-e2e-author-'));
    // Read by the workers, which start after this set-up.
    process.env.E2E_AUTHOR_FOLDER = folder;
    author = startAuthorPlugin(folder);
  }
  return async () => {
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    await author;
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
