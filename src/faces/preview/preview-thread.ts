import { answerJobs } from '../../util/job-thread.js';
import { rasterise } from './rasterise.js';

/*
 * The thread that draws previews (preview-thread-runner.ts is the other
 * end): one of fluent-emoji's icons takes several milliseconds of resvg, a
 * screen of them a second, which the thread answering requests never waits for.
 */
answerJobs(rasterise, (png) => [png.buffer as ArrayBuffer]);
