// The leaderboards' thread (worker-thread.server.ts): ranking a period is one SQL
// aggregation over its ratings, 0.3-0.5 s for all time at 50 000 builds, which the
// server's one JavaScript thread would spend with every request waiting.
import { rankEveryPeriod } from '~/models/leaderboards.server';
import { answerInWorkerThread } from './worker-thread.server';

await answerInWorkerThread((reader, { now }: { now: number }) => rankEveryPeriod(now, reader));
