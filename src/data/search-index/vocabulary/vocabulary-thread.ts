import { parentPort } from 'node:worker_threads';
import { buildVocabulary } from './build-vocabulary.js';
import { readVocabularySources } from './vocabulary-sources.js';

/* The vocabulary's thread: builds the table while the catalog's packs are prepared (see build-vocabulary-in-thread.ts). */
const table = buildVocabulary(await readVocabularySources());
parentPort?.postMessage(JSON.stringify(table));
