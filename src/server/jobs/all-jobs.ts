/**
 * Imports every module that registers a periodic job, so the server starts them all
 * (`startPeriodicJobs` in src/server/app.ts). Add a line per new job module.
 */
import '../signup/signup-reminder';
import '../account/data-export-expiry';
import '../payments/reconcile';
import '../affiliates/deliver-postbacks';
import '../moderation/screening-job';
import '../moderation/lift-suspensions-job';

export {};
