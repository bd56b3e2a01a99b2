import { answerJobs } from '../../util/job-thread.js';
import { momentCatalogOfJob } from './moment-catalog.js';

/*
 * The thread that builds the catalogs of past moments (see
 * momentCatalogOfJob; registry/moment-catalogs.ts is the other end),
 * one after the other.
 */
answerJobs(momentCatalogOfJob);
