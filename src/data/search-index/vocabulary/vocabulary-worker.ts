import { parentPort } from 'node:worker_threads';
import { buildVocabulary } from './vocabulary.js';
import { readVocabularySources } from './vocabulary-sources.js';

/* Builds the vocabulary in a thread of its own while the catalog's packs are prepared (see vocabulary-apart.ts). */
const table = buildVocabulary(await readVocabularySources());
parentPort?.postMessage(JSON.stringify(table));
