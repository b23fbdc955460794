import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

// Every call path the product spec names (its "calls it makes" sections, copied in docs/spec/)
// is either served by a route of the app (read from the app's own route catalogue) or has a
// written decision in docs/spec-calls.md saying what serves that need instead and why. A new
// spec path without either, or a decision whose path has since become a route, fails here.

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));
const SPEC_FILES = ['docs/spec/public-queries-and-admin.md', 'docs/spec/registration-and-login.md'];
const DECISIONS_FILE = 'docs/spec-calls.md';

/** The text of a spec's section 7 ("The calls it makes"), up to section 8. */
function callsSection(markdown: string): string {
  const start = markdown.search(/^## 7\. /m);
  const end = markdown.search(/^## 8\. /m);
  if (start < 0 || end < start) throw new Error('spec without "## 7." and "## 8." sections');
  return markdown.slice(start, end);
}

// A path: `/seg/seg…`, `{name}` segments allowed, `{portal}` host placeholder before it;
// a trailing `/` is a prefix (a list follows), a trailing `/...` a wildcard.
const PATH = /(?:\{\w+\})?(\/[A-Za-z_][\w{}]*(?:\/[\w{}]+)*(?:\/\.\.\.|\/)?)/g;
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Every call path `section` names: each literal path; the bare names of a comma list after a
 * path (`/rest/user/AddUser, UpdUser, …` → `/rest/user/UpdUser`) or after a prefix
 * (`(/rest/noticeService/): updateStatus, …`); `/rest/app/...` kept as a wildcard.
 */
function specPaths(section: string): string[] {
  const found = new Set<string>();
  for (const line of section.split('\n')) {
    // A prefix with its list: "Notices (/rest/noticeService/): updateStatus, SyncNoticeByIds, …".
    for (const match of line.matchAll(/\((\/[\w/]+\/)\):\s*([^.;]+)/g)) {
      for (const item of match[2]!.split(',')) {
        const name = item.trim();
        if (NAME.test(name)) found.add(match[1]! + name);
      }
    }
    for (const match of line.matchAll(PATH)) {
      const path = match[1]!;
      if (path.endsWith('/') && !path.endsWith('/.../')) continue; // a prefix: its list is read above
      found.add(path);
      if (path.endsWith('/...')) continue;
      // The bare names continuing a comma list after the path: ", name" (an optional "(…)" after
      // each), ended by a semicolon, a full stop, another path or a phrase of several words.
      const prefix = path.slice(0, path.lastIndexOf('/') + 1);
      let rest = line.slice(match.index! + match[0].length);
      for (;;) {
        rest = rest.replace(/^\s*\([^()]*\)/, '');
        const next = /^,\s*([A-Za-z][A-Za-z0-9_]*)(?=\s*(?:[,;.(]|$))/.exec(rest);
        if (!next) break;
        found.add(prefix + next[1]!);
        rest = rest.slice(next[0].length);
      }
    }
  }
  return [...found].map((path) => path.replace(/\?.*$/, ''));
}

/** `{id}` and `:id` alike. */
const normal = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':');

/** Whether `path` (a spec path, maybe a `/...` wildcard) is one of `routes`. */
function served(path: string, routes: string[]): boolean {
  if (path.endsWith('/...')) {
    const prefix = path.slice(0, -3);
    return routes.some((route) => route.startsWith(prefix));
  }
  return routes.some((route) => normal(route) === normal(path));
}

interface Decision {
  path: string;
  instead: string;
  why: string;
}

/** The rows of docs/spec-calls.md's decision tables: `| \`path\` | instead | why |`. */
function decisions(markdown: string): Decision[] {
  const rows: Decision[] = [];
  for (const line of markdown.split('\n')) {
    const cells = /^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|\s*$/.exec(line);
    if (cells) rows.push({ path: cells[1]!, instead: cells[2]!.trim(), why: cells[3]!.trim() });
  }
  return rows;
}

describe('the extraction of spec call paths', () => {
  it('reads literal paths, comma lists after a path or a prefix, and wildcards', () => {
    const section = [
      '## 7. The calls it makes',
      '| /rest/anon/queryWhsDetail | whsCode | whsInfo |',
      '- User: /rest/user/AddUser, UpdUser, accountCenterAvatar; /rest/setting/updatepassword.',
      '- Notices (/rest/noticeService/): updateStatus, SyncNoticeByIds.',
      '- /rest/componentService/querySites (siteCodes; reads result), rotatePictures, contentDetail (by id), /rest/cmsCatalog/... (tree, list).',
      '- POST {portal}/callback?client_name=form_client; GET /thirdLogin/getLoginUser/{id}; Multipart POST /webUpload (and /auth/webUpload).',
      '- /sys/sms; buttons, /rest/dictItem/..., layouts and themes, purchase add (paths not shown).',
    ].join('\n');
    expect(specPaths(section).sort()).toEqual(
      [
        '/rest/anon/queryWhsDetail',
        '/rest/user/AddUser',
        '/rest/user/UpdUser',
        '/rest/user/accountCenterAvatar',
        '/rest/setting/updatepassword',
        '/rest/noticeService/updateStatus',
        '/rest/noticeService/SyncNoticeByIds',
        '/rest/componentService/querySites',
        '/rest/componentService/rotatePictures',
        '/rest/componentService/contentDetail',
        '/rest/cmsCatalog/...',
        '/callback',
        '/thirdLogin/getLoginUser/{id}',
        '/webUpload',
        '/auth/webUpload',
        '/sys/sms',
        '/rest/dictItem/...',
      ].sort(),
    );
  });

  it('matches parameters and wildcards against routes', () => {
    const routes = ['/thirdLogin/getLoginUser/:id', '/rest/app/getAppPage'];
    expect(served('/thirdLogin/getLoginUser/{id}', routes)).toBe(true);
    expect(served('/rest/app/...', routes)).toBe(true);
    expect(served('/rest/apps/...', routes)).toBe(false);
    expect(served('/rest/app/getApp', routes)).toBe(false);
  });
});

describe('every call the spec names is served or decided', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const named = [...new Set(SPEC_FILES.flatMap((file) => specPaths(callsSection(readFileSync(root(file), 'utf8')))))];
  const written = decisions(readFileSync(root(DECISIONS_FILE), 'utf8'));

  it('finds the calls of both documents', () => {
    // The extraction reads what it should: a few from each document and each kind of list.
    expect(named).toEqual(
      expect.arrayContaining([
        '/rest/anon/queryAllRegion',
        '/rest/user/getAllUser',
        '/rest/noticeService/deleteNoticeByIds',
        '/rest/menu/UserNearMenuList',
        '/rest/app/...',
        '/rest/inspect/inspectLoginService',
        '/callback',
        '/thirdLogin/getLoginUser/{id}',
      ]),
    );
  });

  it('has a route or a written decision for each', () => {
    const routes = server.app.routeCatalogue.map((route) => route.url);
    const decided = new Set(written.map((row) => row.path));
    const missing = named.filter((path) => !served(path, routes) && !decided.has(path));
    expect(missing, 'spec paths with neither a route nor a row in docs/spec-calls.md').toEqual([]);
  });

  it('has no stale or stray decision', () => {
    const routes = server.app.routeCatalogue.map((route) => route.url);
    const paths = written.map((row) => row.path).filter((path) => path.startsWith('/'));
    expect(
      paths.filter((path) => served(path, routes)),
      'decisions whose path is now served: remove the row',
    ).toEqual([]);
    expect(
      paths.filter((path) => !named.includes(path)),
      'decisions for a path the spec does not name',
    ).toEqual([]);
    expect(
      written.filter((row) => row.instead === '' || row.why === ''),
      'decisions without what serves the need or why',
    ).toEqual([]);
  });
});
