// Click → rendered for every public page, in Chromium (issue 16 item 1; issue 30: 4× and phone).
//
//   node scripts/build.mjs && npm run bench:page-speed
//
// Starts the built server (server/dist/main.js) on a throw-away embedded database, drives
// Chromium (/usr/bin/chromium, 1366 × 900) as a visitor does: opens the page the visitor
// comes from, clicks the site's link or button, and measures from the click (the input
// event's timestamp) to the first frame painted with the page's main content (after that
// frame, `setTimeout(0)` from its requestAnimationFrame: the paint is done). The longest
// main-thread task (PerformanceObserver 'longtask', > 50 ms by Chromium's definition)
// between the click and 500 ms after the render is recorded with it. From a Chromium trace
// of the same run, the main thread's CPU time (thread time, which a loaded machine inflates
// far less than wall time): median CPU from the click to the render (the `bench-rendered`
// mark, set in the page at the render itself), and the most CPU any single task took from
// the click to 500 ms after the render. Playwright's own in-page helper (what
// waitForFunction polls with) is compiled before the click, so that its compile is not
// counted as the page's. (Before 2026-11-26 both were looser: the mark was set when the
// bench's 50 ms polling noticed the render, so work just after the render counted too, and
// the helper's compile, 5–8 ms, fell inside the window: every page's CPU figure up to then
// is a little high.) Each page: one
// untimed warm-up, then PAGE_SPEED_RUNS runs (default 5), each from a fresh load of the
// page the visitor comes from (so the target's plugin is loaded by the click, from the
// browser's HTTP cache after the warm-up). Each page and rate has a Chromium of its own. A
// measurement that does not end within five minutes (a page stuck in a loop) closes the page
// and counts as an error. Prints median and max per page and the longest task; exits 1 when
// a page misses its goal (below).
//
// One run prints a table per CPU throttling rate, by default this machine's core (1×) and a
// mid-range phone's (4×, Lighthouse's mobile setting), with the goals of issue 30: at 1×
// every run ≤ 150 ms and no task over 50 ms; at 4× median ≤ 300 ms, max ≤ 400 ms, no task
// over 200 ms (INP's "good"). After each page's timed runs, one more run (not timed, traced
// with V8's compile and GC events, which cost a little themselves) prints where the main
// thread's CPU from the click to the render went: compile (V8 parsing and compiling),
// script, style+layout, paint, GC, other (mostly a task's time outside any traced event).
// It is a measuring tool, not a test: judge progress on a loaded machine by the CPU columns.
//
// Environment: PAGE_SPEED_SLOWDOWN (CPU throttling rate, or comma-separated rates, each a
// table: default `1,4`; `4` alone as before), PAGE_SPEED_VIEWPORT (`phone`: 360 × 740 with
// touch, `isMobile`, 2 device pixels per CSS pixel, taps instead of clicks; default
// `desktop`, 1366 × 900), PAGE_SPEED_BREAKDOWN (`0`: no breakdown run), PAGE_SPEED_PROFILE (a
// folder: profile the last run of each page, see printProfile, and write its trace with V8's
// compile and GC events, printing the CPU per kind of event from the click to the render:
// printTraceBreakdown), PAGE_SPEED_DWELL_MS (how long the visitor reads the page they come
// from once it is idle, before the click: default 0), PAGE_SPEED_VERBOSE (print each run's
// wall/CPU ms), PAGE_SPEED_RUNS (runs per page), PAGE_SPEED_ONLY (comma-separated page
// names to run, e.g. `/reservation,下一周`), PORT (default: a free one). A page opened in a new tab (the
// agreement) is not throttled: its row is shown, not held to a goal.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, percentile, repoRoot } from './lib.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
/** @type {typeof import('@playwright/test')} */
const { chromium } = require('@playwright/test');

const RUNS = Math.max(1, Number(process.env.PAGE_SPEED_RUNS ?? 5));
const ONLY = (process.env.PAGE_SPEED_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const PROFILE_DIR = process.env.PAGE_SPEED_PROFILE ?? '';
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
/** The CPU throttling rates, each a table of its own: this machine's core (1) and a mid-range phone's (4). */
const SLOWDOWNS = [
  ...new Set(
    (process.env.PAGE_SPEED_SLOWDOWN ?? '1,4')
      .split(',')
      .map((rate) => Math.max(1, Number(rate.trim()) || 1))
      .filter(Number.isFinite),
  ),
];
const PHONE = process.env.PAGE_SPEED_VIEWPORT === 'phone';
if (process.env.PAGE_SPEED_VIEWPORT && !['phone', 'desktop'].includes(process.env.PAGE_SPEED_VIEWPORT)) {
  console.error(`PAGE_SPEED_VIEWPORT 只能是 phone 或 desktop：${process.env.PAGE_SPEED_VIEWPORT}`);
  process.exit(2);
}
/** @type {Parameters<import('@playwright/test').Browser['newContext']>[0]} */
const VIEWPORT = PHONE
  ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
  : { viewport: { width: 1366, height: 900 } };
const VIEWPORT_NAME = PHONE ? 'phone 360×740 (touch, ×2 pixels)' : '1366×900';
const BREAKDOWN = process.env.PAGE_SPEED_BREAKDOWN !== '0';
/** How long the visitor reads the page they come from once it is idle, before the click (ms). */
const DWELL_MS = Math.max(0, Number(process.env.PAGE_SPEED_DWELL_MS ?? 0) || 0);
/**
 * One measurement (load, idle, click, render) longer than this: the page is stuck. Longer than
 * its steps' own limits added up (load 30 s, ready 60 s, network 20 s, idle 2–3 × 20 s, the
 * menu 30 s, the render 60 s), so a slow page fails on its step's own timeout first.
 */
const STUCK_MS = 300_000 + 2 * DWELL_MS;
const SETTLE_MS = 500;

/**
 * The goals of issue 30 for a throttling rate: on this machine (1×) every run ≤ 150 ms and no
 * task over 50 ms; on a mid-range phone's CPU (4× and slower) median ≤ 300 ms, max ≤ 400 ms
 * and no task over 200 ms (INP's "good"). Rates between use the 1× goal.
 * @param {number} rate
 */
function goalFor(rate) {
  return rate >= 4 ? { median: 300, max: 400, task: 200 } : { median: 150, max: 150, task: 50 };
}

// ——— in the page (installed before any script of the portal runs) ————————————————
/** @param {{ watch: string }} options */
function installProbes({ watch }) {
  /** @type {Array<{ start: number, duration: number }>} */
  const tasks = [];
  Object.defineProperty(window, '__benchTasks', { value: tasks });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task support: the column stays empty
  }
  /** @type {{ inputAt: number | null, renderedAt: number | null, loadRenderedAt: number | null, armed: boolean, watching: boolean }} */
  const probe = { inputAt: null, renderedAt: null, loadRenderedAt: null, armed: false, watching: true };
  Object.defineProperty(window, '__benchProbe', { value: probe });
  const onInput = (/** @type {Event} */ event) => {
    if (probe.armed && probe.inputAt === null) probe.inputAt = event.timeStamp;
  };
  window.addEventListener('pointerdown', onInput, true);
  window.addEventListener('keydown', onInput, true);
  // A page opened in a new tab: the first painted frame with `watch`, from navigation start.
  // It looks every frame, so it stops on the page the visitor clicks from (waitForIdle).
  const watchFrame = () => {
    if (!probe.watching) return;
    const el = document.querySelector(watch);
    if (el && el.getClientRects().length > 0) {
      setTimeout(() => (probe.loadRenderedAt = performance.now()), 0);
    } else if (performance.now() < 30_000) requestAnimationFrame(watchFrame);
  };
  probe.loadRenderedAt = null;
  requestAnimationFrame(watchFrame);
}

/**
 * Resolves when the main thread has been idle for five idle periods in a row (in the page).
 * The new-tab watch is stopped first: a frame requested every frame leaves no idle period of
 * 45 ms, so until 2026-11-30 this always ran out its 20 s (every measured click came 20 s
 * after the page's load, and the whole bench took over an hour).
 */
function waitForIdle() {
  const probe = /** @type {any} */ (window).__benchProbe;
  if (probe) probe.watching = false;
  return new Promise((resolve) => {
    let quiet = 0;
    const started = performance.now();
    const tick = () =>
      requestIdleCallback((deadline) => {
        quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0;
        if (quiet >= 5 || performance.now() - started > 20_000) resolve(undefined);
        else setTimeout(tick, 20);
      });
    tick();
  });
}

/**
 * Arms the probe: from the next input on, each animation frame checks `rendered`; the
 * first frame where it holds is timed after its paint.
 * @param {{ rendered: string, arg: unknown }} options `rendered`: source of a function (arg) => boolean
 */
function armProbe({ rendered, arg }) {
  const probe = /** @type {any} */ (window).__benchProbe;
  probe.inputAt = null;
  probe.renderedAt = null;
  probe.armed = true;
  const check = new Function(`return (${rendered});`)();
  const frame = () => {
    if (probe.inputAt !== null && check(arg)) {
      setTimeout(() => {
        probe.renderedAt = performance.now();
        probe.armed = false;
        // The end of the trace's click → render window (mainThreadCpu): set here, at the
        // render, not when the bench's polling notices it up to 50 ms later.
        performance.mark('bench-rendered');
      }, 0);
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// ——— the pages ————————————————————————————————————————————————————————————————
/**
 * `from`: the page the visitor is on; `ready`: selector shown there before the click;
 * `click`: what the visitor does; `rendered`: in-page predicate (source) of the target's
 * main content painted; `arg`: its argument (may be computed by `prepare` on the open page).
 * @typedef {{ name: string, from: string | ((ctx: Record<string, string>) => string), ready: string,
 *   click: (page: import('@playwright/test').Page, press: Press) => Promise<void>,
 *   rendered: string, arg?: unknown, newTab?: boolean, prepare?: (page: import('@playwright/test').Page) => Promise<unknown>,
 *   after?: (page: import('@playwright/test').Page, ctx: Record<string, string>) => Promise<void> }} PageCase
 */

const SERVICE_RENDERED =
  '[data-testid="service-page"] [data-testid="content-list-item"], [data-testid="service-page"] [data-testid="article-body"]';
const REGISTER_RENDERED = '[data-testid="register-account-types"]';
const SEARCH_RENDERED = '[data-testid="search-results"] [data-testid="search-result"], [data-testid="search-empty"]';

/** The header's search box; on a phone, the one in the menu. */
const SEARCH_INPUT = PHONE
  ? 'input[data-testid="menu-search"], [data-testid="menu-search"] input'
  : 'input[data-testid="header-search"], [data-testid="header-search"] input';

/**
 * On a phone the header's links and search box are behind the menu button: the visitor taps it
 * first (not timed), then the link. A case's `prepare`, returning the case's `arg`.
 * @param {string} shown what the open menu shows @param {unknown} arg
 * @returns {(page: import('@playwright/test').Page) => Promise<unknown>}
 */
function openPhoneMenu(shown, arg) {
  return async (page) => {
    await page.getByTestId('header-menu').tap();
    await page.locator(shown).first().waitFor({ state: 'visible' });
    await page.evaluate(waitForIdle);
    return arg;
  };
}

/**
 * A predicate: `selector` matches an element with a box (laid out, so painted in this frame)
 * that shows data: not under a loading spinner (a page may draw its table's frame while its
 * request is out, or in a box marked `aria-busy`) nor in a table's empty row. (Before 2026-11-27 these counted:
 * `/batchQuality` and `/bid/detail` were timed at their loading frame, `/financialService`
 * could be.)
 */
const visible = `(selector) => {
  for (const el of document.querySelectorAll(selector)) {
    if (el.getClientRects().length > 0 && !el.closest('.arco-spin-loading, .arco-table-empty-row, [aria-busy="true"]')) return true;
  }
  return false;
}`;

/**
 * What the visitor does to a control: a click (mouse) on the desktop, a tap (touch) in the
 * phone viewport.
 * @typedef {(locator: import('@playwright/test').Locator) => Promise<void>} Press
 */

/** @type {PageCase[]} */
const CASES = [
  {
    name: '/home',
    from: '/service',
    ready: '[data-testid="service-page"]',
    click: (page, press) => press(page.getByTestId('site-logo')),
    rendered: visible,
    arg: '[data-testid="home-section-receipt"] [data-testid^="home-card-"]',
  },
  {
    name: '/warehouse',
    from: '/home',
    ready: '[data-testid="home-card-warehouse"]',
    click: (page, press) => press(page.getByTestId('home-card-warehouse')),
    rendered: visible,
    // The light table's rows (since 2026-11-29), or Arco Table's before.
    arg: '[data-testid="warehouse-table"] tbody tr[data-row-key] td, [data-testid="warehouse-table"] tbody tr.arco-table-tr:not(.arco-table-empty-row) td',
  },
  {
    name: '/reservation',
    from: '/home',
    ready: '[data-testid="home-card-reservation"]',
    click: (page, press) => press(page.getByTestId('home-card-reservation')),
    rendered: visible,
    arg: '[data-testid="reservation-table"] [data-testid^="reservation-row-"] ~ * [data-testid^="reservation-cell-"], [data-testid="reservation-table"] [data-testid^="reservation-cell-"]',
  },
  {
    name: '下一周 (/reservation)',
    from: '/reservation',
    ready: '[data-testid="reservation-table"] [data-testid^="reservation-cell-"]',
    prepare: async (page) => {
      const head = await page.getByTestId('reservation-head-1').textContent();
      const monday = /\d{4}-\d{2}-\d{2}/.exec(head ?? '')?.[0];
      if (!monday) throw new Error(`no date in the Monday header: ${head}`);
      const next = new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      return `[data-testid="reservation-table"] [data-testid="reservation-cell-${next}"]`;
    },
    click: (page, press) => press(page.getByTestId('reservation-next')),
    rendered: visible,
  },
  {
    name: '/inlReservation',
    from: '/home',
    ready: '[data-testid="home-card-inlReservation"]',
    click: (page, press) => press(page.getByTestId('home-card-inlReservation')),
    rendered: visible,
    arg: '[data-testid="reservation-table"] [data-testid^="reservation-cell-"]',
  },
  {
    name: '/bid',
    from: '/home',
    ready: '[data-testid="home-card-receipt"]',
    click: (page, press) => press(page.getByTestId('home-card-receipt')),
    rendered: visible,
    arg: '[data-testid="bid-results"] [data-testid^="receipt-card-"]',
  },
  {
    name: '/bid/detail',
    from: '/bid',
    ready: '[data-testid="bid-results"] [data-testid="receipt-detail"]',
    click: (page, press) => press(page.getByTestId('receipt-detail').first()),
    rendered: visible,
    arg: '[data-testid="receipt-detail"] [data-testid="quality-table"] [role="row"] ~ [role="row"], [data-testid="quality-table"] [role="cell"]',
  },
  {
    name: '/batchQuality',
    from: '/bid',
    ready: '[data-testid="bid-results"] [data-testid="receipt-batch-quality"]',
    click: (page, press) => press(page.getByTestId('receipt-batch-quality').first()),
    rendered: visible,
    arg: '[data-testid="batch-summary"] [data-testid="quality-table"] [role="cell"], [data-testid="batch-summary"] [data-testid="quality-table"] [role="row"] ~ [role="row"]',
  },
  {
    name: '/financialService',
    from: '/home',
    ready: '[data-testid="home-card-pledge"]',
    click: (page, press) => press(page.getByTestId('home-card-pledge')),
    rendered: visible,
    arg: '[data-testid="finance-product-table"] tbody tr td',
  },
  {
    name: '/service',
    from: '/home',
    ready: PHONE ? '[data-testid="header-menu"]' : '[data-testid="nav-service"]',
    prepare: PHONE ? openPhoneMenu('[data-testid="menu-nav-service"]', SERVICE_RENDERED) : undefined,
    click: (page, press) => press(page.getByTestId(PHONE ? 'menu-nav-service' : 'nav-service')),
    rendered: visible,
    arg: SERVICE_RENDERED,
  },
  {
    // No link on the site leads to 关于我们 yet: an in-app navigation to it (what a link does),
    // timed from the navigation.
    name: '/about (no link: in-app navigation)',
    from: '/home',
    ready: '[data-testid="home-card-receipt"]',
    click: (page) =>
      page.evaluate(() => {
        /** @type {any} */ (window).__benchProbe.inputAt = performance.now();
        history.pushState({}, '', '/about');
        dispatchEvent(new PopStateEvent('popstate', { state: {} }));
      }),
    rendered: visible,
    arg: '[data-testid="about-page"] [data-testid="article-body"], [data-testid="about-page"] .arco-tabs-content',
  },
  {
    name: '/search',
    from: '/home',
    ready: PHONE ? '[data-testid="header-menu"]' : SEARCH_INPUT,
    prepare: PHONE ? openPhoneMenu(SEARCH_INPUT, SEARCH_RENDERED) : undefined,
    click: async (page) => {
      const input = page.locator(SEARCH_INPUT).first();
      await input.fill('棉花');
      await input.press('Enter');
    },
    rendered: visible,
    arg: SEARCH_RENDERED,
  },
  {
    name: '/register',
    from: '/home',
    ready: PHONE ? '[data-testid="header-menu"]' : '[data-testid="header-register"]',
    prepare: PHONE ? openPhoneMenu('[data-testid="menu-register"]', REGISTER_RENDERED) : undefined,
    click: (page, press) => press(page.getByTestId(PHONE ? 'menu-register' : 'header-register')),
    rendered: visible,
    arg: REGISTER_RENDERED,
  },
  {
    name: '/register/status',
    from: '/register',
    ready: '[data-testid="register-status-link"]',
    click: (page, press) => press(page.getByTestId('register-status-link')),
    rendered: visible,
    arg: '[data-testid="register-status-form"]',
  },
  {
    // 《入市协议》 opens in a new tab: timed from the tab's navigation start (a cold boot of
    // the portal, not a click inside it).
    name: '/register/agreement/:code (new tab)',
    from: '/register',
    ready: '[data-testid="register-entry-agreement"]',
    newTab: true,
    click: (page, press) => press(page.getByTestId('register-entry-agreement')),
    rendered: visible,
    arg: '[data-testid="agreement-content"]',
  },
];

/** What a page opened in a new tab waits for (the one such page: the agreement). */
const NEW_TAB_WATCH = '[data-testid="agreement-content"]';

// ——— the server —————————————————————————————————————————————————————————————————
async function startServer() {
  const port = Number(process.env.PORT) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'cotton-page-speed-'));
  const filesDir = mkdtempSync(join(tmpdir(), 'cotton-page-speed-files-'));
  const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FILES_DIR: filesDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SERVER_WORKERS: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // A loaded machine (others' builds and tests) can take minutes to start it.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`服务器已退出（${child.exitCode}）：先运行 node scripts/build.mjs`);
    try {
      const response = await fetch(`${base}/rest/anon/portalConfig`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('服务器 5 分钟内未就绪');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { base, stop };
}

// ——— one measurement ———————————————————————————————————————————————————————————
/**
 * @param {import('@playwright/test').BrowserContext} context
 * @param {PageCase} pageCase
 * @param {{ rate: number, profile?: boolean, breakdown?: boolean }} options `profile`: the
 *   sampling profiler and V8's trace events (PAGE_SPEED_PROFILE); `breakdown`: V8's compile and
 *   GC trace events, for the CPU breakdown (cpuBreakdown)
 * @returns {Promise<{ ms: number, longTask: number, cpuMs?: number, longCpu?: number, kinds?: Record<string, number> | null }>}
 */
async function measure(context, pageCase, options) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // A page stuck in a loop never answers the bench (nor the debugger: Debugger.enable waits
  // for its main thread), and the whole run would hang: the measurement fails, the page is
  // closed, the run goes on.
  /** @type {Promise<never>} */
  const stuck = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`页面 ${STUCK_MS / 1000} 秒未完成一次测量（主线程卡住？），已关闭`)),
      STUCK_MS,
    );
  });
  try {
    return await Promise.race([measureOn(context, page, cdp, pageCase, options), stuck]);
  } finally {
    clearTimeout(timer);
    await page.close({ runBeforeUnload: false }).catch(() => {});
  }
}

/**
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').CDPSession} cdp
 * @param {PageCase} pageCase
 * @param {{ rate: number, profile?: boolean, breakdown?: boolean }} options
 * @returns {Promise<{ ms: number, longTask: number, cpuMs?: number, longCpu?: number, kinds?: Record<string, number> | null }>}
 */
async function measureOn(context, page, cdp, pageCase, { rate, profile = false, breakdown = false }) {
  const browser = /** @type {import('@playwright/test').Browser} */ (context.browser());
  let tracing = false;
  const press = /** @type {Press} */ (PHONE ? (locator) => locator.tap() : (locator) => locator.click());
  try {
    if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(typeof pageCase.from === 'string' ? pageCase.from : '/home');
    await page.locator(pageCase.ready).first().waitFor({ state: 'visible', timeout: 60_000 });
    // A visitor brings the link into view before pressing it (and reads a while): the page
    // sees the links in view then, as it does for them. (Before 2026-11-30 the click's own
    // scroll brought a link below the fold into view at the press.)
    await page.locator(pageCase.ready).first().scrollIntoViewIfNeeded();
    // Let the page the visitor comes from finish its own work (pictures, lazy sections, the
    // shell's idle prefetch of the plugins it links to, which runs their modules): the network
    // quiet, then the main thread idle for a while (five idle periods in a row with their full
    // 50 ms). (Before 2026-11-29 only the network: at 4× the prefetch's module runs of other
    // plugins often fell between the click and the render.)
    // A page that keeps the network busy (a loaded machine stretches the pre-render's loads)
    // never reaches Playwright's networkidle: then the idle main thread alone decides.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
    await page.evaluate(waitForIdle);
    if (DWELL_MS) {
      await page.waitForTimeout(DWELL_MS);
      await page.evaluate(waitForIdle);
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const arg = pageCase.prepare ? await pageCase.prepare(page) : pageCase.arg;
    if (pageCase.newTab) {
      const [tab] = await Promise.all([context.waitForEvent('page'), pageCase.click(page, press)]);
      try {
        await tab.waitForFunction(() => /** @type {any} */ (window).__benchProbe?.loadRenderedAt != null, undefined, {
          timeout: 60_000,
          polling: 50,
        });
        await tab.waitForTimeout(SETTLE_MS);
        return await tab.evaluate(() => {
          const renderedAt = /** @type {any} */ (window).__benchProbe.loadRenderedAt;
          let longTask = 0;
          for (const task of /** @type {any} */ (window).__benchTasks) {
            if (task.start <= renderedAt + 500) longTask = Math.max(longTask, task.duration);
          }
          return { ms: renderedAt, longTask, cpuMs: NaN, longCpu: NaN };
        });
      } finally {
        await tab.close();
      }
    }
    // Playwright's own in-page helper (what waitForFunction polls with) is compiled now, not
    // between the click and the render, where its ~8 ms of CPU would count against the page.
    await page.waitForFunction(() => true);
    await page.evaluate(armProbe, { rendered: pageCase.rendered, arg });
    await browser.startTracing(page, {
      categories: profile || breakdown ? [...TRACE_CATEGORIES, ...PROFILE_TRACE_CATEGORIES] : TRACE_CATEGORIES,
    });
    tracing = true;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await pageCase.click(page, press);
    await page.waitForFunction(() => /** @type {any} */ (window).__benchProbe.renderedAt !== null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    await page.waitForTimeout(SETTLE_MS);
    if (profile) printProfile(pageCase.name, (await cdp.send('Profiler.stop')).profile);
    tracing = false;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    if (profile) printTraceBreakdown(pageCase.name, trace);
    const cpu = mainThreadCpu(trace);
    const kinds = breakdown ? cpuBreakdown(trace) : null;
    const timed = await page.evaluate(() => {
      const { inputAt, renderedAt } = /** @type {any} */ (window).__benchProbe;
      let longTask = 0;
      for (const task of /** @type {any} */ (window).__benchTasks) {
        if (task.start + task.duration >= inputAt && task.start <= renderedAt + 500) {
          longTask = Math.max(longTask, task.duration);
        }
      }
      return { ms: renderedAt - inputAt, longTask };
    });
    return { ...timed, ...cpu, kinds };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => {});
  }
}

/**
 * PAGE_SPEED_PROFILE=<folder>: the last run of each page is profiled (CDP sampling profiler);
 * the .cpuprofile is written there (open it in Chromium's DevTools) and the functions with the
 * most self time are printed.
 * @param {string} name @param {any} profile
 */
function printProfile(name, profile) {
  const file = join(PROFILE_DIR, `${name.replace(/[^\w一-龥]+/g, '_')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const selfMs = new Map();
  const byId = new Map(profile.nodes.map((/** @type {any} */ node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  profile.samples?.forEach((/** @type {number} */ id, /** @type {number} */ index) => {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  });
  const top = [...selfMs]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15);
  console.log(`  profile ${file}:`);
  for (const [key, ms] of top) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];
/** Added to the profiled run's trace: V8's compile and GC events. */
const PROFILE_TRACE_CATEGORIES = ['v8', 'disabled-by-default-v8.compile', 'disabled-by-default-v8.gc'];

/**
 * The main thread's trace events from the click to the render: the whole trace is written
 * next to the profile (open it in DevTools' Performance panel), and the CPU (thread time)
 * each kind of event took itself (its children's time taken out) is printed.
 * @param {string} name @param {{ traceEvents: any[] }} trace
 */
function printTraceBreakdown(name, trace) {
  const file = join(PROFILE_DIR, `${name.replace(/[^\w一-龥]+/g, '_')}.trace.json`);
  writeFileSync(file, JSON.stringify(trace));
  const selfUs = selfTimes(trace);
  if (!selfUs) return;
  const top = [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.log(`  trace ${file} (CPU from the click to the render, by event):`);
  for (const [key, us] of top) console.log(`    ${(us / 1000).toFixed(1).padStart(7)} ms  ${key}`);
}

/**
 * The CPU (thread time, µs) each kind of main-thread event took itself (its children's time
 * taken out) from the click to the render; null when the trace has no click or render.
 * @param {{ traceEvents: any[] }} trace
 * @returns {Map<string, number> | null}
 */
function selfTimes(trace) {
  const window = clickToRender(trace);
  if (!window) return null;
  const { on, start, end } = window;
  const spans = on
    .filter((e) => e.ph === 'X' && typeof e.tdur === 'number' && e.ts + e.dur >= start && e.ts <= end)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  /** @type {Map<string, number>} */
  const selfUs = new Map();
  /** @type {any[]} */
  const stack = [];
  for (const e of spans) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const key =
      e.name === 'EventDispatch' || e.name === 'FunctionCall'
        ? `${e.name} ${e.args?.data?.type ?? e.args?.data?.functionName ?? ''}`.trim()
        : e.name;
    selfUs.set(key, (selfUs.get(key) ?? 0) + e.tdur);
    if (parent) {
      const pk = parent.__key;
      selfUs.set(pk, (selfUs.get(pk) ?? 0) - e.tdur);
    }
    e.__key = key;
    stack.push(e);
  }
  return selfUs;
}

/** The kinds of the CPU breakdown, in the order printed. */
const CPU_KINDS = ['compile', 'script', 'style+layout', 'paint', 'GC', 'other'];

/**
 * What a main-thread trace event's own time was spent on: V8 parsing and compiling (lazy
 * functions, the optimising tiers' main-thread parts), running script (calls, timers, event
 * handlers, frames' callbacks), style and layout (incl. hit tests), paint (pre-paint, paint,
 * layerize, commit), garbage collection, or other (mostly a task's time outside any traced
 * event: the scheduler, V8 work not traced at these categories).
 * @param {string} key
 */
function kindOf(key) {
  if (/GC|Sweep|Scaveng|Mark(Compact|ing)/.test(key)) return 'GC';
  if (/^(ParseHTML|ParseAuthorStyleSheet)$/.test(key)) return key === 'ParseHTML' ? 'other' : 'style+layout';
  if (
    /Compil|Parse|CollectSourcePositions|FlushInstructionCache|Maglev|Turbofan|Baseline|Deoptimize|produce(Module)?Cache|consumeCache|Sparkplug|Optimiz/i.test(
      key,
    )
  )
    return 'compile';
  if (
    /^(UpdateLayoutTree|RecalculateStyles|Layout|HitTest|InvalidateLayout|ScheduleStyleRecalculation|StyleInvalidatorInvalidationTracking|IntersectionObserverController::computeIntersections)/.test(
      key,
    )
  )
    return 'style+layout';
  if (
    /^(Paint|PrePaint|Layerize|Commit|UpdateLayer|PaintImage|CompositeLayers|ScrollLayer|Decode|RasterTask|UpdateLayerTree)/.test(
      key,
    )
  )
    return 'paint';
  if (
    /^(FunctionCall|EvaluateScript|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|RunMicrotasks|XHR|v8\.|V8\.Execute|ResourceReceive|ResourceFinish|ResourceSendRequest|v8\.callFunction|v8\.evaluateModule|v8\.newInstance|RunMicrotask|V8\.(Invoke|Run|Stack|Deserialize)|ParseScript|ScriptEvaluation)/.test(
      key,
    )
  )
    return 'script';
  return 'other';
}

/**
 * The CPU from the click to the render by kind (kindOf), in ms, from a trace with V8's
 * compile and GC events.
 * @param {{ traceEvents: any[] }} trace
 * @returns {Record<string, number> | null}
 */
function cpuBreakdown(trace) {
  const selfUs = selfTimes(trace);
  if (!selfUs) return null;
  /** @type {Record<string, number>} */
  const kinds = Object.fromEntries(CPU_KINDS.map((kind) => [kind, 0]));
  for (const [key, us] of selfUs) kinds[kindOf(key)] += us / 1000;
  return kinds;
}

/**
 * The renderer main thread's CPU time (thread time, not wall time: what a loaded machine
 * does not inflate) from the trace: the longest task, and the sum of the tasks from the
 * visitor's input (the first pointerdown/keydown dispatched) to the render (the
 * `bench-rendered` mark, set just after it).
 * @param {{ traceEvents: any[] }} trace
 */
function mainThreadCpu(trace) {
  const window = clickToRender(trace);
  if (!window) return { cpuMs: NaN, longCpu: NaN };
  const { on, start, end } = window;
  let cpuUs = 0;
  let longCpuUs = 0;
  for (const e of on) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || typeof e.tdur !== 'number' || e.ts + e.dur < start) continue;
    longCpuUs = Math.max(longCpuUs, e.tdur);
    if (e.ts <= end) cpuUs += e.tdur;
  }
  return { cpuMs: cpuUs / 1000, longCpu: longCpuUs / 1000 };
}

/**
 * The renderer main thread's events, and the click (the first pointerdown/keydown/click
 * dispatched) and render (the `bench-rendered` mark) times in the trace's clock.
 * @param {{ traceEvents: any[] }} trace
 * @returns {{ on: any[], start: number, end: number } | null}
 */
function clickToRender(trace) {
  const events = trace.traceEvents ?? [];
  const main = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'bench-rendered'),
  );
  if (!main) return null;
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const input = on.find(
    (e) => e.name === 'EventDispatch' && ['pointerdown', 'touchstart', 'keydown', 'click'].includes(e.args?.data?.type),
  );
  const rendered = events.find((e) => e.pid === main.pid && e.name === 'bench-rendered');
  return { on, start: input?.ts ?? 0, end: rendered?.ts ?? Infinity };
}

// ——— main ———————————————————————————————————————————————————————————————————————
const cases = ONLY.length ? CASES.filter((c) => ONLY.some((name) => c.name.includes(name))) : CASES;
if (!cases.length) {
  console.error(`PAGE_SPEED_ONLY 没有匹配的页面：${ONLY.join(', ')}`);
  process.exit(2);
}

/**
 * A browser of its own for each page and rate: one Chromium driven through the whole list
 * (15 pages × 2 rates, each traced) closed itself part-way on some machines (2026-11-30:
 * "Target page, context or browser has been closed" from `/service` on), and every later
 * page read as an error.
 * @param {string} base
 */
async function openBrowser(base) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({
      baseURL: base,
      ...VIEWPORT,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      bypassCSP: true,
    });
    await context.addInitScript(installProbes, { watch: NEW_TAB_WATCH });
    return { browser, context };
  } catch (error) {
    await browser.close().catch(() => {});
    throw error;
  }
}

const server = await startServer();
let failed = false;
try {
  /** @type {Array<{ rate: number, rows: Array<Record<string, string>> }>} */
  const tables = [];
  for (const rate of SLOWDOWNS) {
    const goal = goalFor(rate);
    console.log(
      `page-speed: ${RUNS} runs per page after a warm-up, Chromium ${VIEWPORT_NAME}, CPU ${rate > 1 ? `÷${rate}` : '1×'}; ` +
        `goal click → rendered median ≤ ${goal.median} ms, max ≤ ${goal.max} ms, no task > ${goal.task} ms` +
        (BREAKDOWN ? '; then one more run (not timed) for the CPU breakdown, ms' : ''),
    );
    /** @type {Array<Record<string, string>>} */
    const rows = [];
    tables.push({ rate, rows });
    for (const pageCase of cases) {
      /** @type {string[]} */
      let runLog = [];
      /** @type {import('@playwright/test').Browser | undefined} */
      let browser;
      try {
        const opened = await openBrowser(server.base);
        browser = opened.browser;
        const { context } = opened;
        await measure(context, pageCase, { rate }); // warm-up: HTTP cache, the browser's code cache
        /** @type {number[]} */
        const times = [];
        let longest = 0;
        let longestCpu = 0;
        /** @type {number[]} */
        const cpus = [];
        for (let run = 0; run < RUNS; run++) {
          const { ms, longTask, cpuMs, longCpu } = await measure(context, pageCase, {
            rate,
            profile: Boolean(PROFILE_DIR) && run === RUNS - 1,
          });
          times.push(ms);
          cpus.push(cpuMs ?? NaN);
          longest = Math.max(longest, longTask);
          longestCpu = Math.max(longestCpu, longCpu ?? NaN);
        }
        runLog = times.map((ms, i) => `${ms.toFixed(0)}/${cpus[i].toFixed(0)}`);
        cpus.sort((a, b) => a - b);
        times.sort((a, b) => a - b);
        const median = percentile(times, 50);
        const max = times[times.length - 1];
        const ok = median <= goal.median && max <= goal.max && longest <= goal.task;
        if (!ok && !pageCase.newTab) failed = true;
        rows.push({
          page: pageCase.name,
          'median ms': median.toFixed(0),
          'max ms': max.toFixed(0),
          'longest task ms': longest ? longest.toFixed(0) : '—',
          'CPU to render ms': Number.isNaN(cpus[0]) ? '—' : percentile(cpus, 50).toFixed(0),
          'longest task CPU ms': Number.isNaN(longestCpu) ? '—' : longestCpu.toFixed(0),
          goal: pageCase.newTab ? 'load, not a click' : ok ? 'ok' : 'MISSED',
        });
        console.log(Object.values(rows[rows.length - 1]).join('  '));
        if (BREAKDOWN && !pageCase.newTab) {
          const { kinds } = await measure(context, pageCase, { rate, breakdown: true });
          if (kinds) {
            const total = Object.values(kinds).reduce((sum, ms) => sum + ms, 0);
            console.log(
              `  CPU click → render ${total.toFixed(0)}: ` +
                CPU_KINDS.map((kind) => `${kind} ${kinds[kind].toFixed(0)}`).join(' · '),
            );
          }
        }
      } catch (error) {
        failed = true;
        rows.push({
          page: pageCase.name,
          'median ms': 'error',
          'max ms': '',
          'longest task ms': '',
          goal: String(error).split('\n')[0],
        });
        console.log(Object.values(rows[rows.length - 1]).join('  '));
      } finally {
        await browser?.close().catch(() => {});
      }
      if (process.env.PAGE_SPEED_VERBOSE) console.log(`  runs: ${JSON.stringify(runLog)}`);
    }
    console.log();
  }
  for (const { rate, rows } of tables) {
    const goal = goalFor(rate);
    console.log(
      `CPU ${rate > 1 ? `÷${rate}` : '1×'}, ${VIEWPORT_NAME} (goal: median ≤ ${goal.median} ms, max ≤ ${goal.max} ms, no task > ${goal.task} ms):`,
    );
    console.table(rows);
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
