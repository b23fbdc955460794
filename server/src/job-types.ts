import { purgeLoginRecordsJob } from './modules/auth/purge';
import { sweepFilesJob } from './modules/files/sweep';
import { purgeOldLogsJob } from './modules/log/jobs';
import { overviewStatisticsJob } from './modules/overview/jobs';
import type { JobType } from './jobs/job-type';
import { purgeTaskRunsJob } from './jobs/purge-runs';

/**
 * Every job type the code knows (系统管理 › 定时任务 offers these). A module's new job type
 * is one line here; a task of a type no longer listed stays in the list, marked, and is not run.
 * Beside app.ts, as the server's other composition file: the job engine (jobs/) is handed these
 * (main.ts), so that it imports no feature module and the modules may use its job-type API.
 */
export const JOB_TYPES: readonly JobType[] = [
  purgeLoginRecordsJob,
  overviewStatisticsJob,
  sweepFilesJob,
  purgeTaskRunsJob,
  purgeOldLogsJob,
];
