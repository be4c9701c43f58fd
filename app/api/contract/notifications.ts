import { z } from 'zod';
import { type Operation, timestamp } from './common';
import { NOTIFICATIONS_PER_PAGE, RATING_MILESTONES } from '~/domain/notifications';

// The member's in-site notifications (issue 35): the bell's count, the list, and
// marking them read. The same events the notification mails tell, from the same rows.

const build = { buildId: z.number().int(), buildTitle: z.string() };
const comment = {
  ...build,
  commentId: z.number().int(),
  excerpt: z.string().meta({ description: 'The comment, flattened and cut to 160 characters' }),
};

/** What a notification is about; `kind` says which fields it has. */
const subjectSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('comment'),
      ...comment,
      author: z.string(),
      reply: z.boolean().meta({ description: 'It answers in a thread' }),
    })
    .meta({
      description: 'A comment on one of your builds',
    }),
  z
    .object({ kind: z.literal('reply'), ...comment, author: z.string() })
    .meta({ description: "A reply to your comment on someone else's build" }),
  z.object({ kind: z.literal('roastbot'), ...comment }).meta({ description: 'RoastBot answered you' }),
  z
    .object({ kind: z.literal('milestone'), ...build, ratings: z.number().int() })
    .meta({ description: `One of your builds reached ${RATING_MILESTONES.join(', ')} ratings` }),
  z
    .object({
      kind: z.literal('competition'),
      competitionId: z.number().int(),
      title: z.string(),
      placement: z.number().int().nullable().meta({ description: "Your entry's place; null when it did not place" }),
      juryWinner: z.boolean().meta({ description: 'Your entry won the jury prize' }),
    })
    .meta({ description: 'A competition you entered closed' }),
  z.object({ kind: z.literal('achievement'), code: z.string(), name: z.string() }).meta({ description: 'You earned an achievement' }),
  z
    .object({ kind: z.literal('warning'), warningId: z.number().int(), message: z.string() })
    .meta({ description: 'A moderator warned you (acknowledge it: POST /api/user/warnings/{id}/acknowledge)' }),
  z
    .object({
      kind: z.literal('strike'),
      strikeId: z.number().int(),
      reason: z.string(),
      expiresAt: timestamp,
      lifted: z.boolean().meta({ description: 'Withdrawn since, on your appeal' }),
    })
    .meta({ description: 'A moderator gave you a strike (ask them to look again: POST /api/user/appeals)' }),
  z
    .object({
      kind: z.literal('suspension'),
      suspensionId: z.number().int(),
      reason: z.string(),
      until: timestamp,
      lifted: z.boolean().meta({ description: 'Lifted since' }),
    })
    .meta({
      description: 'A moderator suspended your account, or changed your suspension (ask them to look again: POST /api/user/appeals)',
    }),
  z
    .object({
      kind: z.literal('appeal'),
      appealId: z.number().int(),
      about: z.enum(['suspension', 'strike']),
      outcome: z.enum(['upheld', 'lifted']).meta({ description: 'The measure stays, or it was lifted' }),
      reply: z.string().meta({ description: 'What the moderator told you' }),
    })
    .meta({ description: 'A moderator decided your appeal' }),
]);

export const notificationSchema = z.intersection(
  subjectSchema,
  z.object({
    id: z.number().int(),
    group: z.string().meta({
      description:
        'The line the site shows it in: notifications of one kind about one build share it ("3 people commented on …"); any other is a group of its own. Marking one read marks the earlier ones of its group too.',
    }),
    createdAt: timestamp,
    read: z.boolean(),
    text: z.string().meta({ description: 'What happened, in one line, as the site says it' }),
    url: z.string().meta({ description: 'Where it happened, a path on the site' }),
  }),
);

const unreadSchema = z.object({
  unread: z.number().int().meta({ description: 'Groups with an unread notification: the bell’s count, one per line the site shows' }),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

export const notificationListQuery = z.object({
  page: z
    .string()
    .optional()
    .meta({ description: `1-based; ${NOTIFICATIONS_PER_PAGE} a page; anything else is page 1` }),
});

export const notificationOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/notifications',
    summary: "The member's notifications, each on its own (with the group the site shows it in), newest first, a page at a time",
    access: 'member',
    query: notificationListQuery,
    response: { status: 200, description: 'A page of notifications', schema: notificationPageSchema },
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/notifications/unread',
    summary: "How many groups of the member's notifications hold an unread one (the header bell's count)",
    access: 'member',
    response: { status: 200, description: 'The count', schema: unreadSchema },
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/notifications/{id}/read',
    summary:
      "Marks one of the member's notifications read, with the earlier ones of its group (as opening its line on the site does); 404 for one that is not theirs",
    access: 'member',
    response: { status: 200, description: 'Marked; the unread count now', schema: unreadSchema },
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/notifications/read-all',
    summary: "Marks every one of the member's notifications read",
    access: 'member',
    response: {
      status: 200,
      description: 'Marked; how many were unread',
      schema: z.object({ marked: z.number().int(), unread: z.number().int() }),
    },
    errors: [401],
  },
];
