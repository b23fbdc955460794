import { purgeLoginRecordsJob } from '../modules/auth/purge';
import { sweepFilesJob } from '../modules/files/sweep';
import { purgeOldLogsJob } from '../modules/log/jobs';
import { overviewStatisticsJob } from '../modules/overview/jobs';
import type { JobType } from './job-type';
import { purgeTaskRunsJob } from './purge-runs';

/**
 * Every job type the code knows (系统管理 › 定时任务 offers these). A module's new job type
 * is one line here; a task of a type no longer listed stays in the list, marked, and is not run.
 */
export const JOB_TYPES: readonly JobType[] = [
  purgeLoginRecordsJob,
  overviewStatisticsJob,
  sweepFilesJob,
  purgeTaskRunsJob,
  purgeOldLogsJob,
];

export function findJobType(name: string, types: readonly JobType[] = JOB_TYPES): JobType | undefined {
  return types.find((type) => type.name === name);
}
