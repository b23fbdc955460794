// End-to-end checks of this plugin against a running portal (`npm run e2e`), with Node's own
// test runner — nothing to install. Run them after installing the archive (`cotton-plugin
// install dist/__ID__-<version>.tgz --portal <url>`), in CI against a test portal:
//
//   PORTAL_URL=https://portal-test.example.com COTTON_PORTAL_TOKEN=<administrator's token> \
//   COTTON_USER_TOKEN=<token of a user without the list's code> npm run e2e
//
// PORTAL_URL defaults to http://localhost:3000 (a portal started with `npm start`). A check
// whose token is not given is skipped. For checks in a browser, add Playwright
// (`npm i -D @playwright/test`) and drive the page the same way: log in, open the menu whose
// component is `__ID__/__COMPONENT__`, expect the rows.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { postAdminCalls } from '@cotton/sdk/calls';

const PORTAL = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const ADMIN_TOKEN = process.env.COTTON_PORTAL_TOKEN ?? '';
const USER_TOKEN = process.env.COTTON_USER_TOKEN ?? '';
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const { id } = JSON.parse(readFileSync(new URL('../plugin.json', import.meta.url), 'utf8'));
/** The call the page lists its rows with (src/list-page.tsx `LIST_CALL`). */
const LIST_CALL = postAdminCalls.page;

/** A call of the portal: HTTP 200 with an envelope, refusals included (`rtnCode` 400 / 403). */
async function call(path, body, token) {
  const response = await fetch(`${PORTAL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, `${path}: HTTP ${response.status}`);
  return response.json();
}

test('the portal runs this version, enabled, and serves its entry as built', async () => {
  const list = await (await fetch(`${PORTAL}/rest/anon/plugins`)).json();
  const plugin = list.dataSet.plugins.find((candidate) => candidate.id === id);
  assert.ok(plugin, `plugin ${id} is not installed and enabled on ${PORTAL}`);
  assert.equal(plugin.version, version, 'the active version is not the one in package.json (install with --activate)');
  const entry = await fetch(`${PORTAL}${plugin.entry}`);
  assert.equal(entry.status, 200);
  const bytes = Buffer.from(await entry.arrayBuffer());
  assert.equal(`sha384-${createHash('sha384').update(bytes).digest('base64')}`, plugin.integrity);
});

test('the page’s list call answers an administrator', { skip: !ADMIN_TOKEN && 'no COTTON_PORTAL_TOKEN' }, async () => {
  const answer = await call(LIST_CALL.path, { pageNum: 1, pageSize: 10 }, ADMIN_TOKEN);
  assert.equal(answer.rtnCode, '0000', answer.rtnMessage);
  assert.ok(Array.isArray(answer.dataSet.pagination.result));
});

test(
  'the server refuses the list to a user without its code',
  { skip: !USER_TOKEN && 'no COTTON_USER_TOKEN' },
  async () => {
    const answer = await call(LIST_CALL.path, { pageNum: 1, pageSize: 10 }, USER_TOKEN);
    assert.equal(answer.rtnCode, '403');
  },
);
