import { accountOperations } from './account';
import { adminOperations } from './admin';
import { battleOperations } from './battles';
import { buildDetailOperations } from './build-details';
import { buildOperations } from './builds';
import type { Operation } from './common';
import { competitionOperations } from './competitions';
import { digestOperations } from './digest';
import { glowUpOperations } from './glow-ups';
import { integrityOperations } from './integrity';
import { notificationOperations } from './notifications';
import { memberModerationOperations } from './member-moderation';
import { memberOperations } from './members';
import { sessionOperations } from './session';
import { uploadOperations } from './uploads';

/** Every call of docs/product.md §7 that the server answers, grouped as the README lists them. */
export const operations: Operation[] = [
  ...sessionOperations,
  ...accountOperations,
  ...notificationOperations,
  ...competitionOperations,
  ...buildOperations,
  ...buildDetailOperations,
  ...digestOperations,
  ...glowUpOperations,
  ...battleOperations,
  ...memberOperations,
  ...uploadOperations,
  ...adminOperations,
  ...integrityOperations,
  ...memberModerationOperations,
];
