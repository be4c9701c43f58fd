import { z } from 'zod';
import { REVIEW_STATUSES } from '~/domain/builds';
import { ALT_DESCRIPTION, messageSchema, type Operation, timestamp } from './common';
import {
  APPEAL_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  STRIKE_DEFAULT_DAYS,
  STRIKE_MAX_DAYS,
  SUSPENSION_MAX_DAYS,
} from '~/domain/member-moderation';
import { RATE_LIMITS } from '~/domain/rate-limits';
import { appealReplySchema, appealSchema, noteSchema, strikeSchema, suspensionEndProblem, warnSchema } from '~/utils/schemas';

// Staff's measures on a member (the member's staff page /admin/users/{id}), the
// admin overview, what a member reads of their own warnings, suspension and strikes,
// and their appeals (sent from /standing, decided in the moderation queue).

export const warnBody = warnSchema;
export const strikeBody = strikeSchema;
export const noteBody = noteSchema;
const reason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(REASON_MAX_LENGTH, `Reason cannot exceed ${REASON_MAX_LENGTH} characters`);
export const suspensionBody = z.object({
  reason,
  until: z.iso
    .datetime({ error: 'until must be an ISO 8601 date and time, or null to lift the suspension' })
    .nullable()
    .transform((value) => (value === null ? null : new Date(value)))
    .superRefine((until, context) => {
      const problem = until && suspensionEndProblem(until);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `When it ends (at most ${SUSPENSION_MAX_DAYS} days ahead), or null to lift it now` }),
});

export const ownWarningSchema = z.object({ id: z.number().int(), message: z.string(), createdAt: timestamp });

export const appealBody = appealSchema;
export const appealDecisionBody = appealReplySchema.extend({
  decision: z
    .enum(['uphold', 'lift'], { error: 'decision must be uphold or lift' })
    .meta({ description: 'uphold: the measure stays; lift: the suspension ends now, or the strike stops counting now' }),
});

const appealSubject = z.enum(['suspension', 'strike']);

export const ownAppealSchema = z.object({
  id: z.number().int(),
  about: appealSubject,
  subjectReason: z.string().meta({ description: 'The reason staff gave for the suspension or strike' }),
  message: z.string().meta({ description: 'What the member wrote' }),
  status: z.enum(['open', 'upheld', 'lifted']).meta({ description: 'open: waiting for staff; upheld: the measure stays; lifted: it went' }),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
  reply: z.string().meta({ description: "Staff's answer; empty while the appeal waits" }),
});

export const ownStandingSchema = z.object({
  suspension: z
    .object({ id: z.number().int(), until: timestamp, reason: z.string(), appeal: ownAppealSchema.nullable() })
    .nullable()
    .meta({ description: 'The suspension in force, with your latest appeal against it; null when you are not suspended' }),
  strikes: z
    .array(
      z.object({
        id: z.number().int(),
        reason: z.string(),
        createdAt: timestamp,
        expiresAt: timestamp,
        appeal: ownAppealSchema.nullable(),
      }),
    )
    .meta({ description: 'Strikes that still count, newest first, each with your latest appeal against it' }),
  appeals: z.array(ownAppealSchema).meta({ description: 'Every appeal you sent, newest first' }),
});

export const openAppealSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  about: appealSubject,
  subjectReason: z.string(),
  subjectEnds: timestamp.meta({ description: 'When the suspension ends, or the strike stops counting' }),
  inForce: z.boolean().meta({ description: 'The suspension still runs, or the strike still counts' }),
  message: z.string(),
  createdAt: timestamp,
});

const staffWarningSchema = ownWarningSchema.extend({ staffName: z.string(), acknowledgedAt: timestamp.nullable() });
const strikeSchemaOut = z.object({
  id: z.number().int(),
  staffName: z.string(),
  reason: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp,
  active: z.boolean().meta({ description: 'Not expired yet' }),
  liftedAt: timestamp.nullable().meta({ description: "Withdrawn on the member's appeal then" }),
});

export const standingSchema = z.object({
  suspendedUntil: timestamp.nullable().meta({ description: 'While a suspension runs; null otherwise' }),
  isDisabled: z.boolean(),
  activeStrikes: z.number().int().meta({ description: 'Strikes not expired yet; they lead to nothing on their own' }),
  suspension: z
    .object({ id: z.number().int(), reason: z.string(), until: timestamp, staffName: z.string(), createdAt: timestamp })
    .nullable()
    .meta({ description: 'The suspension in force, with its reason and who gave it; null otherwise' }),
  strikes: z.array(strikeSchemaOut),
  warnings: z.array(staffWarningSchema),
  appeals: z.array(ownAppealSchema).meta({ description: 'Every appeal the member sent, newest first' }),
});

export const noteSchemaOut = z.object({ id: z.number().int(), staffName: z.string(), body: z.string(), createdAt: timestamp });

export const memberPhotoSchema = z.object({
  kind: z.enum(['build', 'extra']).meta({ description: "A build's main photo, or one of its extra photos" }),
  buildId: z.number().int(),
  buildTitle: z.string(),
  reviewStatus: z.enum(REVIEW_STATUSES),
  reviewReason: z.string().nullable(),
  screening: z
    .object({ nsfw: z.number().nullable(), faces: z.number().nullable() })
    .nullable()
    .meta({ description: "Screening's NSFW score (0–1) and faces found; null when it was never screened" }),
  imageUrl: z.string().nullable().meta({ description: 'The largest JPEG; null once the file is deleted (a rejected photo)' }),
  alt: z.string().meta({ description: ALT_DESCRIPTION }),
  createdAt: timestamp,
});

export const overviewSchema = z.object({
  openReports: z.number().int(),
  heldBuilds: z.number().int(),
  heldPhotos: z.number().int(),
  openAppeals: z.number().int(),
  total: z.number().int().meta({ description: 'Everything waiting in the moderation queue: the badge on Moderation' }),
  newMembersToday: z.number().int().meta({ description: 'Since 00:00 UTC' }),
  newBuildsToday: z.number().int().meta({ description: 'Since 00:00 UTC' }),
});

const staffErrors = [401, 403, 404] as const;
const byStaff = 'never on staff (a moderator) unless an admin, never on an admin or oneself; audited';

export const memberModerationOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/admin/overview',
    summary: 'Queue counts (open reports, held builds and extra photos, open appeals, and their total) and new members and builds today',
    access: 'staff',
    response: { status: 200, description: 'The counts', schema: overviewSchema },
    errors: [401, 403],
  },
  {
    method: 'get',
    path: '/api/admin/users/{userId}/standing',
    summary: "A member's suspension (with its reason), strikes (with the active count), warnings and appeals",
    access: 'staff',
    response: { status: 200, description: 'Their standing', schema: standingSchema },
    errors: [...staffErrors],
  },
  {
    method: 'post',
    path: '/api/admin/users/{userId}/warnings',
    summary: `Warns a member: they see the message on every page until they acknowledge it, and in their notifications; ${byStaff}`,
    access: 'staff',
    body: { type: 'json', schema: warnBody },
    response: { status: 201, description: 'The warning', schema: z.object({ id: z.number().int() }) },
    errors: [400, ...staffErrors, 415],
  },
  {
    method: 'post',
    path: '/api/admin/users/{userId}/strikes',
    summary: `Adds a strike that expires after \`days\` (1–${STRIKE_MAX_DAYS}, default ${STRIKE_DEFAULT_DAYS}); ${byStaff}`,
    access: 'staff',
    body: { type: 'json', schema: strikeBody },
    response: { status: 201, description: 'The strike', schema: z.object({ id: z.number().int(), expiresAt: timestamp }) },
    errors: [400, ...staffErrors, 415],
  },
  {
    method: 'patch',
    path: '/api/admin/users/{userId}/suspension',
    summary: `Suspends a member until a time (they can sign in and read; every write of theirs is refused with 403 suspended), or lifts it with until null; ${byStaff}`,
    access: 'staff',
    body: { type: 'json', schema: suspensionBody },
    response: { status: 200, description: 'The suspension now in force', schema: z.object({ suspendedUntil: timestamp.nullable() }) },
    errors: [400, ...staffErrors, 415],
  },
  {
    method: 'get',
    path: '/api/admin/users/{userId}/notes',
    summary: "Staff's private notes on a member, newest first",
    access: 'staff',
    response: { status: 200, description: 'The notes', schema: z.array(noteSchemaOut) },
    errors: [...staffErrors],
  },
  {
    method: 'post',
    path: '/api/admin/users/{userId}/notes',
    summary: `Adds a private note (up to ${NOTE_MAX_LENGTH} characters) only staff read; ${byStaff}`,
    access: 'staff',
    body: { type: 'json', schema: noteBody },
    response: { status: 201, description: 'The note', schema: z.object({ id: z.number().int() }) },
    errors: [400, ...staffErrors, 415],
  },
  {
    method: 'get',
    path: '/api/admin/users/{userId}/media',
    summary: "Every photo a member put up, listed or not, with screening's verdict, and their avatar",
    access: 'staff',
    response: {
      status: 200,
      description: 'Their photos, newest first',
      schema: z.object({ avatarUrl: z.string(), photos: z.array(memberPhotoSchema) }),
    },
    errors: [...staffErrors],
  },
  {
    method: 'get',
    path: '/api/admin/appeals',
    summary: 'Appeals waiting for staff, oldest first (the moderation queue’s Appeals)',
    access: 'staff',
    response: { status: 200, description: 'The open appeals', schema: z.array(openAppealSchema) },
    errors: [401, 403],
  },
  {
    method: 'patch',
    path: '/api/admin/appeals/{id}',
    summary: `Decides an open appeal with a reply the member reads (up to ${REASON_MAX_LENGTH} characters): the measure stays, or is lifted; the member is told; ${byStaff}`,
    access: 'staff',
    body: { type: 'json', schema: appealDecisionBody },
    response: { status: 200, description: '"Appeal upheld" or "Lifted on appeal"', schema: messageSchema },
    errors: [400, ...staffErrors, 415],
  },
  {
    method: 'get',
    path: '/api/user/standing',
    summary: 'Your suspension in force and strikes that still count, with the reasons, and your appeals',
    access: 'member',
    response: { status: 200, description: 'Your standing', schema: ownStandingSchema },
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/user/appeals',
    summary: `Asks a moderator to look again at your suspension (about: suspension) or a strike (about: strike, strikeId), in up to ${APPEAL_MAX_LENGTH} characters; one appeal per suspension or strike, ${RATE_LIMITS.appeal.perMember.limit} a day; allowed while suspended`,
    access: 'member',
    body: { type: 'json', schema: appealBody },
    response: { status: 201, description: 'The appeal', schema: z.object({ id: z.number().int() }) },
    errors: [400, 401, 404, 409, 415, 429],
  },
  {
    method: 'post',
    path: '/api/user/warnings/{id}/acknowledge',
    summary: 'Acknowledges one of your warnings: its notice leaves your pages',
    access: 'member',
    response: { status: 200, description: '"Warning acknowledged"', schema: messageSchema },
    errors: [401, 404],
  },
];
