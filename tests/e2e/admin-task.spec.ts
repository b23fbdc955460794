import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { openSignedIn } from './staff';

// 系统管理 › 定时任务: the administrator schedules a task every 5 seconds, sees its next run
// times while typing the schedule, runs it now and reads its history — the runs the server's
// job engine made, 立即执行 and 按计划 alike — opens a run's 详情, exports the history (the
// ticked run only) and reads the file, then pauses it.

test.describe.configure({ retries: 0 });

const NAME = 'E2E 每五秒统计';

test('the administrator schedules a task, runs it now and sees its history', async ({ page }) => {
  await openSignedIn(page, '/system/task', 'admin', 'Admin@2026');
  const list = page.getByTestId('task-list');
  await expect(list.getByText('清理过期登录记录').first()).toBeVisible();

  await list.getByTestId('task-add').click();
  const form = page.getByTestId('task-form');
  await form.getByTestId('task-form-job-type').click();
  await page.getByRole('option', { name: '每日业务统计' }).click();
  await expect(form.getByText('统计天数')).toBeVisible();
  await form.getByPlaceholder('请输入任务名称').fill(NAME);
  const cron = form.getByTestId('task-form-cron');
  await cron.fill('*/5 * * *');
  await expect(form.getByTestId('task-cron-error')).toContainText('Cron 表达式应为 5 段');
  await cron.fill('*/5 * * * * *');
  const nextRuns = form.getByTestId('task-next-runs').getByRole('listitem');
  await expect(nextRuns).toHaveCount(5);
  // Five seconds apart, in Beijing time as typed.
  const seconds = (await nextRuns.allTextContents()).map(
    (text) => Date.parse(text.replace(' ', 'T') + '+08:00') / 1000,
  );
  expect(seconds.slice(1).map((second, i) => second - seconds[i])).toEqual([5, 5, 5, 5]);
  await page.getByTestId('task-form-save').click();
  await expect(form).toBeHidden();

  const row = list.locator('tr', { hasText: NAME });
  await expect(row).toContainText('*/5 * * * * *');
  await expect(row).toContainText('运行中');

  await list.getByTestId(`task-run-${NAME}`).click();
  await expect(page.getByText('已提交执行，稍后可在执行记录中查看结果')).toBeVisible();

  await list.getByTestId(`task-history-${NAME}`).click();
  const history = page.getByTestId('task-runs');
  // The engine runs the queued run and the schedule's slots within seconds; 刷新 until both show.
  await expect(async () => {
    await history.getByTestId('task-runs-refresh').click();
    await expect(history.locator('tr', { hasText: '立即执行' }).filter({ hasText: '成功' }).first()).toBeVisible({
      timeout: 1000,
    });
    await expect(history.locator('tr', { hasText: '按计划' }).filter({ hasText: '成功' }).first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  const done = history.locator('tr', { hasText: '立即执行' }).first();
  await expect(done).toContainText(/已统计 1 天，\d{4}-\d{2}-\d{2}：登录 \d+ 次/);
  await expect(done).toContainText(/\d+ 毫秒|\d+\.\d 秒/);

  // 详情 of that run: its result whole, the task's parameters by their titles.
  await done.getByRole('button', { name: '详情' }).click();
  const detail = page.getByTestId('list-detail');
  await expect(detail.getByTestId('list-detail-trigger')).toHaveText('立即执行');
  await expect(detail.getByTestId('list-detail-status')).toHaveText('成功');
  await expect(detail.getByTestId('list-detail-result')).toContainText(/已统计 1 天/);
  await expect(detail.getByTestId('list-detail-params')).toContainText('统计天数：1');
  const started = (await detail.getByTestId('list-detail-startTime').textContent()) ?? '';
  expect(started).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // Its own close button: Esc might close the history under it too.
  await page.locator('.arco-drawer').filter({ has: detail }).locator('.arco-drawer-close-icon').click();
  await expect(detail).toBeHidden();

  // 导出 of the ticked run: the file's headers, and the run with labels and China time.
  // Arco draws the box over a hidden input: the box is what a user clicks.
  await done.locator('.arco-checkbox').click();
  await expect(done.locator('.arco-checkbox')).toHaveClass(/arco-checkbox-checked/);
  const [download] = await Promise.all([page.waitForEvent('download'), history.getByTestId('list-export').click()]);
  expect(download.suggestedFilename()).toBe('执行记录.xlsx');
  await expect(page.getByText('导出完成')).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  const cells = (row: number) =>
    Array.from(sheet.getRow(row).values as unknown[])
      .slice(1)
      .map((value) => String(value ?? ''));
  expect(sheet.rowCount).toBe(2);
  expect(cells(1)).toEqual([
    '任务名称',
    '计划时间',
    '触发方式',
    '开始时间',
    '结束时间',
    '耗时',
    '状态',
    '执行次数',
    '结果说明',
    '错误信息',
  ]);
  expect(cells(2).slice(0, 3)).toEqual([
    NAME,
    expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    '立即执行',
  ]);
  // The page's 详情 and the file show the same China time.
  expect(cells(2)[3]).toBe(started);
  expect(cells(2)[6]).toBe('成功');
  expect(cells(2)[8]).toMatch(/已统计 1 天/);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Paused: no next run, and it stays so for the other tests on this server.
  await list.getByTestId(`task-pause-${NAME}`).click();
  await expect(row).toContainText('已暂停');
  await expect(list.getByTestId(`task-resume-${NAME}`)).toBeVisible();
});
