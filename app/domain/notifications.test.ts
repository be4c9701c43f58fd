import { describe, expect, it } from 'vitest';
import { lineNames, type NotificationLine, notificationLineText } from './notifications';

const base = {
  id: 9,
  group: 'comment:4',
  createdAt: new Date(0),
  read: false,
  buildId: 4,
  buildTitle: 'Neon Noir',
  commentId: 7,
  excerpt: 'Nice',
};
const line = (fields: Partial<NotificationLine>): NotificationLine =>
  ({ ...base, kind: 'comment', author: 'cy', reply: false, count: 1, people: 1, names: ['cy'], ...fields }) as NotificationLine;

describe('notificationLineText', () => {
  it('says one notification as it always did', () => {
    expect(notificationLineText(line({}))).toBe('cy commented on “Neon Noir”');
    expect(notificationLineText(line({ reply: true }))).toBe('cy replied on “Neon Noir”');
  });

  it('gathers a line of several by who is behind it', () => {
    expect(notificationLineText(line({ count: 3 }))).toBe('cy commented 3 times on “Neon Noir”');
    expect(notificationLineText(line({ count: 2, people: 2, names: ['cy', 'bo'] }))).toBe('cy and bo commented on “Neon Noir”');
    expect(notificationLineText(line({ count: 4, people: 3, names: ['cy', 'bo', 'ada'] }))).toBe('3 people commented on “Neon Noir”');
    expect(
      notificationLineText(line({ kind: 'reply', count: 5, people: 4, names: ['cy', 'bo', 'ada'] } as Partial<NotificationLine>)),
    ).toBe('4 people replied to your comments on “Neon Noir”');
    expect(notificationLineText(line({ kind: 'roastbot', count: 2, people: 0, names: [] } as Partial<NotificationLine>))).toBe(
      'RoastBot answered you 2 times on “Neon Noir”',
    );
  });
});

describe('lineNames', () => {
  it('names three people or more, the latest first', () => {
    expect(lineNames({ people: 2, names: ['cy', 'bo'] })).toBeNull();
    expect(lineNames({ people: 3, names: ['cy', 'bo', 'ada'] })).toBe('cy, bo and ada');
    expect(lineNames({ people: 5, names: ['dee', 'cy', 'bo'] })).toBe('dee, cy, bo and 2 more');
  });
});
