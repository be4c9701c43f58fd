// The vote-integrity scan's thread (worker-thread.server.ts): its detectors are whole-table
// SQL aggregations, seconds on a large site.
import { scanFindings } from '~/models/vote-integrity.server';
import { answerInWorkerThread } from './worker-thread.server';

await answerInWorkerThread((reader) => scanFindings(reader));
