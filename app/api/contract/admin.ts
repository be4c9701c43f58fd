import { z } from 'zod';
import { messageSchema, type Operation, timestamp } from './common';

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isModerator: z.boolean(),
  isDisabled: z.boolean(),
  createdAt: timestamp,
});

export const adminUsersQuery = z.object({
  q: z.string().optional().meta({ description: 'Part of a name or address' }),
  limit: z.coerce.number().int().min(1).max(100).optional().meta({ description: 'At most 100; default 100' }),
  page: z.coerce.number().int().min(1).optional(),
});

export const statusBody = z.object({ isDisabled: z.boolean({ error: 'isDisabled must be true or false' }) });
export const moderatorBody = z.object({ isModerator: z.boolean({ error: 'isModerator must be true or false' }) });

const adminErrors = [401, 403, 404] as const;

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
];
