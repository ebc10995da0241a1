/**
 * Every job declaration (jobs/registry.ts), loaded before the app's queue is made: a domain with a
 * new job adds its `jobs.ts` here.
 */
import "../domains/contracts/jobs";
import "../domains/inspections/jobs";
import "../domains/messages/jobs";
import "../domains/notices/jobs";
import "../domains/preferences/jobs";
import "../domains/privacy/jobs";
import "../domains/proposals/jobs";
import "../mail/jobs";
import "../realtime/jobs";
import "../retention/jobs";
import "../storage/jobs";
