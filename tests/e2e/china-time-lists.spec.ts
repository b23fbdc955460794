import { expect, test } from './fixtures';
import { signIn } from './staff';

// Issue 31, item 3: a back-office list and its date-range filter are China time (UTC+8) in a
// browser of any zone — here UTC and New York, both behind China. The browser's clock is set
// to 20:00 UTC on 20 November 2026: 15:00 that day in New York, already 04:00 on 21 November
// in China. 今天 in the day pickers is China's day, and the filter sends that day.

/** `YYYY-MM-DD HH:mm:ss` in China (UTC+8 all year) of an instant: worked out here, not by the portal. */
function chinaTime(instant: string): string {
  return new Date(Date.parse(instant) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const BROWSER_NOW = new Date('2026-11-20T20:00:00Z');
const CHINA_TODAY = '2026-11-21';

for (const timezoneId of ['UTC', 'America/New_York']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('操作日志 shows China times and filters by China days', async ({ page }) => {
      await signIn(page, 'admin', 'Admin@2026');
      // An operation of this test's: 操作日志's own 导出.
      await page.goto('/system/log/operation');
      const list = page.getByTestId('operation-log');
      await Promise.all([page.waitForEvent('download'), list.getByTestId('list-export').click()]);

      // The rows' times: each the China time of the instant the server sent.
      const answer = page.waitForResponse((response) => response.url().includes('/rest/log/getOperationLogPage'));
      await list.getByRole('button', { name: '查询', exact: true }).click();
      const rows = (
        (await (await answer).json()) as { dataSet: { pagination: { result: Array<{ createTime: string }> } } }
      ).dataSet.pagination.result;
      expect(rows.length).toBeGreaterThan(0);
      const shown = list.locator('.arco-table-body [data-list-column="createTime"]');
      await expect(shown).toHaveText(rows.map((row) => chinaTime(row.createTime)));

      // The date range: 今天 in each picker is China's day, marked so in the calendar.
      await page.clock.setFixedTime(BROWSER_NOW);
      expect(await page.evaluate(() => new Date().getDate())).toBe(20);
      for (const placeholder of ['请选择开始日期', '请选择结束日期']) {
        await list.getByPlaceholder(placeholder).click();
        const popup = page.locator('.arco-picker-container').filter({ visible: true });
        await expect(popup.locator('[data-china-today]')).toHaveText('21');
        await popup.getByTestId('date-picker-today').click();
        await expect(list.getByPlaceholder(placeholder)).toHaveValue(CHINA_TODAY);
        // Gone before the next one opens: a calendar still fading out is a second 今天.
        await expect(popup).toHaveCount(0);
      }
      const filtered = page.waitForRequest((request) => request.url().includes('/rest/log/getOperationLogPage'));
      await list.getByRole('button', { name: '查询', exact: true }).click();
      expect((await filtered).postDataJSON().filters).toMatchObject({ timeFrom: CHINA_TODAY, timeTo: CHINA_TODAY });
    });
  });
}
