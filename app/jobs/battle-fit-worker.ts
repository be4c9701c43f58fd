// The battle fit's thread (worker-thread.server.ts): reading every counted vote and fitting
// the strengths takes seconds at 100 000 builds (docs/performance.md).
import { fitBattleStrengths } from '~/models/battles.server';
import { answerInWorkerThread } from './worker-thread.server';

await answerInWorkerThread((reader) => fitBattleStrengths(reader));
