import { dataExportExpiryJob } from '../account';
import { postbackDeliveryJob } from '../affiliates';
import { liftSuspensionsJob } from '../moderation';
import { photoScreeningJob } from '../moderation';
import { outboxDeliveryJob } from '../outbox';
import { paymentReconciliationJob, sandboxSubscriptionsJob } from '../payments';
import { memberEventsPruneJob } from '../platform/events/events';
import { signupReminderJob } from '../signup';
import type { PeriodicJob } from '../platform/jobs/periodic-job';

/**
 * Every background job of the server, in one typed list (docs/architecture.md §6 convention 15,
 * the table of jobs there): `startPeriodicJobs` starts exactly these in each process. A job is a
 * `PeriodicJob` exported by the module that owns its data; tests/integration/all-jobs.test.ts
 * fails when a module exports a job that is not listed here, when a `prune…` function runs
 * nowhere, or when a listed job is missing from the docs.
 */
export const ALL_JOBS: readonly PeriodicJob[] = [
  outboxDeliveryJob,
  postbackDeliveryJob,
  signupReminderJob,
  dataExportExpiryJob,
  paymentReconciliationJob,
  sandboxSubscriptionsJob,
  photoScreeningJob,
  liftSuspensionsJob,
  memberEventsPruneJob,
];
