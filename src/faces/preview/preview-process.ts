import { answerProcessJobs } from '../../util/job-process.js';
import { rasterise } from './rasterise.js';

/*
 * The process that draws previews (preview-painter.ts is the other end):
 * one of fluent-emoji's icons takes several milliseconds of resvg, a screen
 * of them a second, which the thread answering requests never waits for;
 * and a few bodies make resvg abort the process it runs in, which must not
 * be the server's.
 */
answerProcessJobs(rasterise);
