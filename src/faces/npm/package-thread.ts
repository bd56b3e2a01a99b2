import { answerJobs } from '../../util/job-thread.js';
import { makePackage } from './package-maker.js';

/*
 * The thread that makes packages (package-thread-runner.ts is the other
 * end): parsing a pack document, writing its files and compressing them
 * takes seconds for the largest packs, which the thread answering requests
 * never waits for.
 */
answerJobs(makePackage, (made) => [made.tarball.buffer as ArrayBuffer]);
