import { z } from 'zod';
import { messageSchema, type Operation, timestamp } from './common';
import { REPORT_REASONS, type ReportReason } from '~/models/reports.server';

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  isDisabled: z.boolean(),
  suspendedUntil: timestamp.nullable().meta({ description: 'While a staff suspension runs; null otherwise' }),
  createdAt: timestamp,
  judging: z.boolean().meta({
    description: 'Sits on the jury of a competition that has not closed: until it closes, only an admin may act on them',
  }),
});

export const adminUsersQuery = z.object({
  q: z.string().optional().meta({ description: 'Part of a name or address' }),
  limit: z.coerce.number().int().min(1).max(100).optional().meta({ description: 'At most 100; default 100' }),
  page: z.coerce.number().int().min(1).optional(),
});

export const statusBody = z.object({ isDisabled: z.boolean({ error: 'isDisabled must be true or false' }) });
export const moderatorBody = z.object({ isModerator: z.boolean({ error: 'isModerator must be true or false' }) });

const adminErrors = [401, 403, 404] as const;

const REASON_RULE = `reason must be one of: ${Object.keys(REPORT_REASONS).join(', ')}`;

export const heldPhotoSchema = z.object({
  id: z.number().int(),
  buildId: z.number().int(),
  buildTitle: z.string(),
  username: z.string().meta({ description: 'The build’s owner' }),
  position: z.number().int().meta({ description: 'Its place among the build’s extra photos, 1 to 4' }),
  imageUrl: z.string().meta({ description: 'A private URL: moderators and admins may open it with their session' }),
  reviewReason: z.string().nullable().meta({ description: 'Screening’s verdict, as the owner reads it' }),
  scores: z
    .object({ nsfw: z.number(), faces: z.number().int() })
    .nullable()
    .meta({ description: 'What the local screening models measured; null when screening itself failed' }),
  createdAt: timestamp,
});

export const photoDecisionBody = z.discriminatedUnion(
  'approve',
  [
    z.object({ approve: z.literal(true) }),
    z.object({
      approve: z.literal(false),
      reason: z
        .enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], { error: REASON_RULE })
        .meta({ description: 'What the owner is told, as a report’s reasons' }),
    }),
  ],
  { error: 'approve must be true or false' },
);

export const adminOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'Members, newest first (the Users tab)',
    access: 'admin',
    query: adminUsersQuery,
    response: { status: 200, description: 'The members', schema: z.array(adminUserSchema) },
    errors: [401, 403],
  },
  {
    method: 'delete',
    path: '/api/admin/builds/{id}',
    summary: 'Deletes any build with its ratings, comments and photo',
    access: 'admin',
    response: { status: 200, description: '"Build deleted successfully"', schema: messageSchema },
    errors: [...adminErrors],
  },
  {
    method: 'patch',
    path: '/api/admin/users/{userId}/status',
    summary: 'Disables (ending their sessions) or enables a member; never an admin or oneself',
    access: 'admin',
    body: { type: 'json', schema: statusBody },
    response: { status: 200, description: '"User status updated successfully"', schema: messageSchema },
    errors: [400, ...adminErrors, 415],
  },
  {
    method: 'delete',
    path: '/api/admin/users/{userId}',
    summary: 'Deletes a member with their builds, ratings and comments; never an admin or oneself',
    access: 'admin',
    response: { status: 200, description: '"User deleted successfully"', schema: messageSchema },
    errors: [...adminErrors],
  },
  {
    method: 'patch',
    path: '/api/admin/users/{userId}/moderator',
    summary: 'Grants or removes moderator; never for an admin or oneself',
    access: 'admin',
    body: { type: 'json', schema: moderatorBody },
    response: { status: 200, description: '"Moderator status updated successfully"', schema: messageSchema },
    errors: [400, ...adminErrors, 415],
  },
  {
    method: 'get',
    path: '/api/admin/held-photos',
    summary: 'Builds’ extra photos that screening held, oldest first (the moderation queue’s Held photos)',
    access: 'staff',
    response: { status: 200, description: 'The held photos', schema: z.array(heldPhotoSchema) },
    errors: [401, 403],
  },
  {
    method: 'patch',
    path: '/api/admin/photos/{id}',
    summary: 'Decides a held extra photo: shown (published with its listed build), or removed with the reason its owner reads',
    access: 'staff',
    body: { type: 'json', schema: photoDecisionBody },
    response: { status: 200, description: '"Photo shown" or "Photo removed"', schema: messageSchema },
    errors: [400, ...adminErrors, 415],
  },
];
