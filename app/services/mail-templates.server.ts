import { EMAIL_CHANGE_TTL_MS, LOGIN_CODE_TTL_MS, PASSWORD_RESET_TTL_MS } from '~/utils/constants';
import { competitionResult, notificationHref, notificationText, type NotificationSubject } from '~/domain/notifications';
import { commentHref } from '~/utils/places';
import { buildPath } from '~/utils/build-path';
import { escapeHtml } from '~/utils/html';
import type { WeekDigest } from '~/domain/digest';
import { counted } from '~/utils/count';

export type MailContent = { subject: string; text: string; html: string };

const LOGIN_CODE_MINUTES = Math.round(LOGIN_CODE_TTL_MS / 60_000);
const PASSWORD_RESET_HOURS = Math.round(PASSWORD_RESET_TTL_MS / 3_600_000);
const EMAIL_CHANGE_HOURS = Math.round(EMAIL_CHANGE_TTL_MS / 3_600_000);

const FOOTER = "You're receiving this because someone entered this address on RigRoast.";

const colors = {
  void: '#06070d',
  panel: '#0e111d',
  line: '#262c47',
  ink: '#eef1ff',
  muted: '#a3abcf',
  cyan: '#2ee6ff',
  pink: '#ff4fd8',
  flame: '#ff8a2a',
};

const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const DISPLAY_FONT = "'Arial Black', 'Segoe UI Black', Arial, sans-serif";
const MONO_FONT = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace";

/** The plain-text part: paragraphs separated by blank lines, then the signature. */
function plainText(...paragraphs: string[]): string {
  return signedText(FOOTER, paragraphs);
}

function signedText(footer: string, paragraphs: string[]): string {
  return [...paragraphs, `--\n${footer}`].join('\n\n');
}

/** Links go into href attributes, where escaping alone would still let `javascript:` through. */
function checkedLink(link: string): string {
  if (!/^https?:\/\//i.test(link)) throw new TypeError('E-mail links must be absolute http(s) URLs');
  return link;
}

export function loginCodeEmail({ code, magicLink }: { code: string; magicLink: string }): MailContent {
  const link = checkedLink(magicLink);
  const expiry = `It expires in ${LOGIN_CODE_MINUTES} minutes and works once.`;
  const ignore = "If you didn't ask for this, ignore this e-mail — nobody can sign in without the code.";
  return {
    subject: `Your RigRoast code: ${code}`,
    text: plainText(
      'Your RigRoast sign-in code:',
      `    ${code}`,
      `Enter it on RigRoast to sign in. ${expiry}`,
      'Or open this link to sign in to RigRoast. It signs you in on the same browser where you asked for the code:',
      link,
      ignore,
    ),
    html: layout({
      preheader: `Your sign-in code is ${code}. ${expiry}`,
      body: [
        paragraph('Your sign-in code:'),
        codeBox(code),
        paragraph(`Enter it on RigRoast to sign in. ${expiry}`),
        button('Sign in to RigRoast', link),
        note('The button signs you in on the same browser where you asked for the code.'),
        fallbackLink(link),
        note(ignore),
      ],
    }),
  };
}

export function accountDeletionCodeEmail({ code }: { code: string }): MailContent {
  const expiry = `It expires in ${LOGIN_CODE_MINUTES} minutes and works once.`;
  const what = 'Entering it deletes your RigRoast account for good: your builds and photos, your ratings, and your name on your comments.';
  const ignore = "If you didn't ask for this, ignore this e-mail — nothing is deleted without the code.";
  return {
    subject: `Your code to delete your RigRoast account: ${code}`,
    text: plainText('Your code to delete your RigRoast account:', `    ${code}`, `${what} ${expiry}`, ignore),
    html: layout({
      preheader: `Your account deletion code is ${code}. ${expiry}`,
      body: [paragraph('Your code to delete your RigRoast account:'), codeBox(code), paragraph(`${what} ${expiry}`), note(ignore)],
    }),
  };
}

export function passwordResetEmail({ link }: { link: string }): MailContent {
  const url = checkedLink(link);
  const validity = `The link is valid for ${hours(PASSWORD_RESET_HOURS)} and works once.`;
  const ignore = "If you didn't ask for a new password, ignore this e-mail — your password stays as it is.";
  return {
    subject: 'Reset your RigRoast password',
    text: plainText(
      'Someone asked to reset the password of your RigRoast account.',
      'Open this link to choose a new password:',
      url,
      validity,
      ignore,
    ),
    html: layout({
      preheader: `Choose a new password. ${validity}`,
      body: [
        paragraph('Someone asked to reset the password of your RigRoast account.'),
        button('Choose a new password', url),
        paragraph(validity),
        fallbackLink(url),
        note(ignore),
      ],
    }),
  };
}

export function emailChangeEmail({ link, newEmail }: { link: string; newEmail: string }): MailContent {
  const url = checkedLink(link);
  const validity = `The link is valid for ${hours(EMAIL_CHANGE_HOURS)} and works once.`;
  const ignore = "If you didn't ask for this, ignore this e-mail — the account's address stays as it is.";
  return {
    subject: 'Confirm your new RigRoast e-mail address',
    text: plainText(
      `Please confirm that ${newEmail} should become the e-mail address of your RigRoast account.`,
      'Open this link to confirm:',
      url,
      validity,
      ignore,
    ),
    html: layout({
      preheader: `Confirm your new address. ${validity}`,
      body: [
        `<p style="${paragraphStyle}">Please confirm that <strong style="color:${colors.cyan};font-weight:700;">${escapeHtml(newEmail)}</strong> should become the e-mail address of your RigRoast account.</p>`,
        button('Confirm this address', url),
        paragraph(validity),
        fallbackLink(url),
        note(ignore),
      ],
    }),
  };
}

export function emailChangedNoticeEmail({ newEmail }: { newEmail: string }): MailContent {
  const changed = `The e-mail address of your RigRoast account was changed to ${newEmail}. Sign-in codes and links now go there, not here.`;
  const signedOut = 'Every other browser signed in to the account was signed out.';
  const notYou = "If this wasn't you, tell the site's admins at once: they can disable the account and put your address back.";
  return {
    subject: 'Your RigRoast e-mail address was changed',
    text: plainText(changed, signedOut, notYou),
    html: layout({
      preheader: `Your account now uses ${newEmail}.`,
      body: [
        `<p style="${paragraphStyle}">The e-mail address of your RigRoast account was changed to <strong style="color:${colors.cyan};font-weight:700;">${escapeHtml(newEmail)}</strong>. Sign-in codes and links now go there, not here.</p>`,
        paragraph(signedOut),
        note(notYou),
      ],
    }),
  };
}

export type NotificationMailItem = NotificationSubject | ({ kind: 'digest' } & WeekDigest);

/** Where a list's mail links: the site, the one-click unsubscribe link, and the settings. */
export type ListMailLinks = { origin: string; unsubscribe: string; settings: string };

type Line = { text: string; link: string };

function notificationLine(item: NotificationMailItem, origin: string): Line | null {
  switch (item.kind) {
    case 'comment':
      return {
        text: `${item.author} ${item.reply ? 'replied' : 'commented'} on “${item.buildTitle}”: “${item.excerpt}”`,
        link: `${origin}${commentHref(item.buildId, item.commentId)}`,
      };
    case 'reply':
      return {
        text: `${item.author} replied to your comment on “${item.buildTitle}”: “${item.excerpt}”`,
        link: `${origin}${commentHref(item.buildId, item.commentId)}`,
      };
    case 'roastbot':
      return {
        text: `RoastBot answered you on “${item.buildTitle}”: “${item.excerpt}”`,
        link: `${origin}${commentHref(item.buildId, item.commentId)}`,
      };
    case 'competition':
      return { text: competitionResult(item.title, item.placement, item.juryWinner), link: `${origin}/competitions/${item.competitionId}` };
    case 'strike':
    case 'suspension':
    case 'appeal':
      return { text: notificationText(item), link: `${origin}${notificationHref(item)}` };
    // Shown on the site only (models/notifications.server.ts MAILED).
    case 'milestone':
    case 'achievement':
    case 'warning':
    case 'digest':
      return null;
  }
}

function notificationSubject(items: NotificationMailItem[]): string {
  const [first] = items;
  if (items.length === 1 && first) {
    if (first.kind === 'comment') return `${first.author} ${first.reply ? 'replied' : 'commented'} on “${first.buildTitle}”`;
    if (first.kind === 'reply') return `${first.author} replied to your comment on “${first.buildTitle}”`;
    if (first.kind === 'roastbot') return `RoastBot answered you on “${first.buildTitle}”`;
    if (first.kind === 'competition') return `Results: ${first.title}`;
    if (first.kind === 'strike') return 'A moderator gave you a strike';
    if (first.kind === 'suspension') return first.lifted ? 'Your RigRoast suspension was lifted' : 'Your RigRoast account is suspended';
    if (first.kind === 'appeal') return 'A moderator answered your appeal';
  }
  return items.every((item) => item.kind === 'comment')
    ? `${items.length} new comments on your builds`
    : `${items.length} updates from RigRoast`;
}

function listFooter(what: string, links: ListMailLinks): { text: string; html: string } {
  const unsubscribe = checkedLink(links.unsubscribe);
  const settings = checkedLink(links.settings);
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" style="color:${colors.cyan};text-decoration:underline;">${escapeHtml(label)}</a>`;
  return {
    text: `You get this because ${what} are on for your RigRoast account.\nUnsubscribe with one click: ${unsubscribe}\nAll e-mail settings: ${settings}`,
    html: `You get this because ${escapeHtml(what)} are on for your RigRoast account.<br>${link(unsubscribe, 'Unsubscribe with one click')} · ${link(settings, 'E-mail settings')}`,
  };
}

/** Everything pending for a member on the notifications list, as one mail. */
export function notificationsEmail({
  username,
  items,
  links,
}: {
  username: string;
  items: NotificationMailItem[];
  links: ListMailLinks;
}): MailContent {
  const lines = items.map((item) => notificationLine(item, checkedLink(links.origin))).filter((line) => line !== null);
  const footer = listFooter('notifications', links);
  const subject = notificationSubject(items);
  return {
    subject,
    text: signedText(footer.text, [`Hi ${username},`, ...lines.map((line) => `${line.text}\n${line.link}`)]),
    html: layout({
      preheader: subject,
      body: [paragraph(`Hi ${username},`), ...lines.map((line) => linkedParagraph(line))],
      footer: footer.html,
    }),
  };
}

type DigestSection = { heading: string; lines: Line[] };

/** The digest's parts, each a heading and a line per item: the parts with nothing this week are left out. */
function digestSections(digest: WeekDigest, origin: string): DigestSection[] {
  const build = (id: number) => `${origin}${buildPath(id)}`;
  const sections: DigestSection[] = [
    {
      heading: 'Top builds',
      lines: digest.topBuilds.map((entry, index) => ({
        text: `${index + 1}. ${entry.title} · @${entry.username} · ${entry.average.toFixed(1)}★ (${entry.votes})`,
        link: build(entry.id),
      })),
    },
    {
      heading: 'Roasts that landed',
      lines: digest.topRoasts.map((entry) => ({
        text: `${entry.title}: “${entry.opening}” (${entry.landed} landed)`,
        link: build(entry.id),
      })),
    },
    {
      heading: 'Competition results',
      lines: digest.results.map((result) => ({
        text: result.winner
          ? `${result.title}: @${result.winner.username} won with ${result.winner.title}${result.winner.prize ? ` (${result.winner.prize})` : ''}`
          : `${result.title} has closed.`,
        link: `${origin}/competitions/${result.id}`,
      })),
    },
    {
      heading: 'Battle winners',
      lines: digest.battleWinners.map((entry) => ({
        text: `${entry.title} · @${entry.username} · won ${entry.wins} of ${entry.votes} battles`,
        link: build(entry.id),
      })),
    },
    {
      heading: 'Biggest movers',
      lines: digest.battleMovers.map((entry) => ({
        text: `${entry.title} · @${entry.username} · #${entry.from} to #${entry.to} in the battle rankings`,
        link: build(entry.id),
      })),
    },
    {
      heading: 'Best glow-ups',
      lines: digest.glowUps.map((entry) => ({
        text: `${entry.title} · @${entry.username} · +${entry.improvement.toFixed(1)}★ over ${entry.before.title}`,
        link: build(entry.id),
      })),
    },
  ];
  return sections.filter((section) => section.lines.length > 0);
}

/** The week on RigRoast, for a member with the weekly digest on: short enough to read on a phone's one screen. */
export function weeklyDigestEmail({
  username,
  digest,
  links,
}: {
  username: string;
  digest: Extract<NotificationMailItem, { kind: 'digest' }>;
  links: ListMailLinks;
}): MailContent {
  const origin = checkedLink(links.origin);
  const sections = digestSections(digest, origin);
  const footer = listFooter('weekly digests', links);
  const intro = `Hi ${username}, here is the week on RigRoast.`;
  const more = `${origin}/week`;
  return {
    subject: `The week on RigRoast (${digest.week})`,
    text: signedText(footer.text, [
      intro,
      ...sections.map((section) =>
        [section.heading.toUpperCase(), ...section.lines.map((line) => `${line.text}\n${line.link}`)].join('\n'),
      ),
      `Read it on the site: ${more}`,
    ]),
    html: layout({
      preheader: intro,
      body: [
        paragraph(intro),
        ...sections.map(
          (section) =>
            `<h2 style="${sectionHeadingStyle}">${escapeHtml(section.heading)}</h2>` +
            section.lines
              .map(
                (line) =>
                  `<p style="${digestLineStyle}"><a href="${escapeHtml(line.link)}" target="_blank" rel="noopener" style="color:${colors.ink};text-decoration:underline;">${escapeHtml(line.text)}</a></p>`,
              )
              .join(''),
        ),
        button('Read it on the site', more),
      ],
      footer: footer.html,
    }),
  };
}

function linkedParagraph({ text, link }: Line): string {
  return `<p style="${paragraphStyle}">${escapeHtml(text)}<br><a href="${escapeHtml(link)}" target="_blank" rel="noopener" style="color:${colors.cyan};font-size:14px;text-decoration:underline;">Open on RigRoast</a></p>`;
}

function hours(count: number): string {
  return counted(count, 'hour', 'hours');
}

const sectionHeadingStyle = `margin:16px 0 6px;font-family:${FONT};font-size:12px;line-height:16px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:${colors.cyan};`;
const digestLineStyle = `margin:0 0 6px;font-family:${FONT};font-size:15px;line-height:20px;`;
const paragraphStyle = `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${colors.ink};`;

function paragraph(text: string): string {
  return `<p style="${paragraphStyle}">${escapeHtml(text)}</p>`;
}

function note(text: string): string {
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:14px;line-height:21px;color:${colors.muted};">${escapeHtml(text)}</p>`;
}

function codeBox(code: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:separate;">
<tr><td align="center" bgcolor="${colors.void}" style="padding:16px 24px;background-color:${colors.void};border:2px solid ${colors.cyan};border-radius:12px;font-family:${MONO_FONT};font-size:36px;line-height:40px;font-weight:700;letter-spacing:10px;color:${colors.ink};">${escapeHtml(code)}</td></tr>
</table>`;
}

/** A table cell with a background plus a padded link: clickable everywhere, Outlook included. */
function button(label: string, link: string): string {
  const href = escapeHtml(link);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px;border-collapse:separate;">
<tr><td align="center" bgcolor="${colors.cyan}" style="border-radius:10px;background-color:${colors.cyan};">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;line-height:20px;font-weight:700;color:${colors.void};text-decoration:none;border-radius:10px;">${escapeHtml(label)}</a>
</td></tr>
</table>`;
}

function fallbackLink(link: string): string {
  const href = escapeHtml(link);
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:13px;line-height:20px;color:${colors.muted};">If the button doesn't work, paste this link into your browser:<br><a href="${href}" target="_blank" rel="noopener" style="color:${colors.cyan};text-decoration:underline;word-break:break-all;">${href}</a></p>`;
}

/** "Roast" in the flame → pink gradient, one solid colour per letter, since mail clients drop gradient text. */
function wordmark(): string {
  const letters: [string, string][] = [
    ['R', '#ff8a2a'],
    ['o', '#ff7a5a'],
    ['a', '#ff6a89'],
    ['s', '#ff5db1'],
    ['t', '#ff4fd8'],
  ];
  const roast = letters.map(([letter, color]) => `<span style="color:${color};">${letter}</span>`).join('');
  return `<span style="font-family:${DISPLAY_FONT};font-size:24px;line-height:28px;font-weight:900;letter-spacing:2px;text-transform:uppercase;color:${colors.ink};">Rig${roast}</span>`;
}

/**
 * A member's words in a mail (a 100-letter title, a long username) break where they must
 * instead of widening the mail past a phone's screen: overflow-wrap for today's clients,
 * word-break for older WebKit ones.
 */
const BREAK_ANYWHERE = 'overflow-wrap:anywhere;word-break:break-word;';

function layout({ preheader, body, footer = escapeHtml(FOOTER) }: { preheader: string; body: string[]; footer?: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">
<title>RigRoast</title>
</head>
<body style="margin:0;padding:0;background-color:${colors.void};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colors.void}" style="background-color:${colors.void};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;border-collapse:separate;">
<tr><td bgcolor="${colors.void}" style="padding:20px 28px;background-color:${colors.void};border:1px solid ${colors.line};border-bottom:3px solid ${colors.cyan};border-radius:14px 14px 0 0;">${wordmark()}</td></tr>
<tr><td bgcolor="${colors.panel}" style="padding:28px;background-color:${colors.panel};${BREAK_ANYWHERE}border:1px solid ${colors.line};border-top:0;border-radius:0 0 14px 14px;">
${body.join('\n')}
</td></tr>
<tr><td style="padding:20px 28px 0;${BREAK_ANYWHERE}font-family:${FONT};font-size:12px;line-height:18px;color:${colors.muted};text-align:center;">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
