import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/profile';
import { Avatar } from '~/components/avatar';
import { AvatarUpload } from '~/components/profile/avatar-upload';
import { BuildsTab } from '~/components/profile/builds-tab';
import { SettingsTab } from '~/components/profile/settings-tab';
import { StatsTab } from '~/components/profile/stats-tab';
import { buttonClass } from '~/components/ui/button';
import { AvatarError } from '~/services/avatars.server';
import { replaceAvatar } from '~/models/avatars.server';
import { buildStats, listUserBuilds } from '~/models/builds.server';
import { imageSources } from '~/models/images.server';
import { consumeRateLimit } from '~/models/rate-limits.server';
import { waitText } from '~/utils/dates';
import { issueUserToken } from '~/models/user-tokens.server';
import { mailPasswordResetLink } from '~/models/password-resets.server';
import { changeBio, changeUsername, findProfile, findUserByEmail } from '~/models/users.server';
import { env } from '~/services/env.server';
import { sendMail } from '~/services/mail.server';
import { emailChangeEmail } from '~/services/mail-templates.server';
import { readUploadForm, UploadError } from '~/services/multipart.server';
import { redirectToUsernameRetry, requireUser } from '~/web/session.server';
import { dataWithToast, redirectWithToast } from '~/web/toast.server';
import { EMAIL_CHANGE_TTL_MS } from '~/utils/constants';
import { pageMeta } from '~/utils/meta';
import { safeRedirect } from '~/utils/redirects';
import { bioSchema, emailChangeSchema, type ProfileAction, usernameSchema } from '~/utils/schemas';

const TABS = ['builds', 'stats', 'settings'] as const;
type ProfileTab = (typeof TABS)[number];

export const meta = () => pageMeta('My Profile', 'Your RigRoast profile, builds and stats.');

export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const profile = findProfile(user.id);
  if (!profile) throw redirect('/auth');
  const builds = listUserBuilds(user.id);
  const images = imageSources(builds.map((build) => build.imageId));
  const tabParam = args.url.searchParams.get('tab');
  const edit = args.url.searchParams.get('edit');
  return {
    profile: { ...profile, createdAt: profile.createdAt.getTime() },
    builds: builds.map((build) => ({ ...build, createdAt: build.createdAt.getTime(), image: images.get(build.imageId) ?? null })),
    stats: buildStats(builds),
    tab: (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ProfileTab) : 'builds',
    editing: edit === 'username' || edit === 'bio' ? (edit as 'username' | 'bio') : null,
  };
}

const EMAIL_LIMIT = { bucket: 'account-mail:user', limit: 3, windowMs: 3600_000 };

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { request } = args;
  const multipart = request.headers.get('Content-Type')?.startsWith('multipart/form-data');
  let formData: FormData;
  try {
    formData = multipart ? await readUploadForm(request) : await request.formData();
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return failed(args, 'avatar', error.message, error.status);
  }
  const intent = String(formData.get('intent')) as ProfileAction;
  const settings = '/profile?tab=settings';

  switch (intent) {
    case 'username': {
      const back = safeRedirect(formData.get('redirectTo'), settings);
      const fromDialog = formData.get('source') === 'username-dialog';
      // Saving an empty or unchanged name just leaves edit mode (spec §4), also
      // for a member whose name predates today's rules (e.g. a reserved one).
      // The dialog has no edit mode to leave: an empty name there is refused.
      const typed = String(formData.get('username') ?? '').trim();
      if ((typed === '' && !fromDialog) || typed === user.username) return redirect(back);
      const submission = parseWithZod(formData, { schema: usernameSchema });
      const outcome = submission.status === 'success' ? changeUsername(user.id, submission.value.username) : 'invalid';
      if (outcome === 'updated') return redirectWithToast(back, { title: 'Username updated' });
      if (outcome === 'unchanged') return redirect(back);
      const message =
        submission.status !== 'success'
          ? (submission.error?.username?.[0] ?? 'Failed to update username. Please try again.')
          : 'This username is already taken. Please choose another one.';
      if (fromDialog) return redirectToUsernameRetry(back, { username: typed, error: message });
      if (outcome === 'taken') return failed(args, intent, message, 409, submission.reply({ fieldErrors: { username: [message] } }));
      return failed(args, intent, message, 400, submission.reply());
    }
    case 'bio': {
      const submission = parseWithZod(formData, { schema: bioSchema });
      if (submission.status !== 'success') {
        return failed(args, intent, submission.error?.bio?.[0] ?? 'Bio is too long', 400, submission.reply());
      }
      changeBio(user.id, submission.value.bio);
      return redirectWithToast(settings, { title: 'Bio updated' });
    }
    case 'avatar': {
      try {
        await replaceAvatar(user.id, formData.get('avatar'));
      } catch (error) {
        if (!(error instanceof AvatarError)) throw error;
        return failed(args, intent, error.message, 400);
      }
      return redirectWithToast('/profile', { title: 'Avatar updated' });
    }
    case 'email': {
      const submission = parseWithZod(formData, { schema: emailChangeSchema });
      if (submission.status !== 'success') {
        return failed(args, intent, submission.error?.email?.[0] ?? 'Please enter a valid email address', 400, submission.reply());
      }
      const address = submission.value.email;
      if (address === user.email.toLowerCase()) {
        const message = 'That is already your e-mail address.';
        return failed(args, intent, message, 400, submission.reply({ fieldErrors: { email: [message] } }));
      }
      const limit = consumeRateLimit(EMAIL_LIMIT, String(user.id));
      if (!limit.allowed) return failed(args, intent, `Too many e-mails sent. Try again in ${waitText(limit.retryAfterMs)}.`, 429);
      // An address that already has an account gets nothing, but the answer is the
      // same, so this form cannot tell anyone who is registered.
      if (!findUserByEmail(address)) {
        const token = issueUserToken({ userId: user.id, purpose: 'verify_email', email: address, ttlMs: EMAIL_CHANGE_TTL_MS });
        const link = `${env().PUBLIC_ORIGIN}/verify-email?token=${encodeURIComponent(token)}`;
        if (!(await mailed(sendMail({ to: address, ...emailChangeEmail({ link, newEmail: address }) })))) {
          return failed(args, intent, 'We could not send the e-mail. Please try again later.', 503);
        }
      }
      return redirectWithToast(settings, {
        title: 'Check your new inbox',
        description: `We sent a confirmation link to ${address}. Your address changes once you open it.`,
      });
    }
    case 'password-link': {
      const limit = consumeRateLimit(EMAIL_LIMIT, String(user.id));
      if (!limit.allowed) return failed(args, intent, `Too many e-mails sent. Try again in ${waitText(limit.retryAfterMs)}.`, 429);
      if (!(await mailed(mailPasswordResetLink({ userId: user.id, email: user.email })))) {
        return failed(args, intent, 'We could not send the e-mail. Please try again later.', 503);
      }
      return redirectWithToast(settings, {
        title: 'Check your email',
        description: 'We sent you a link to set your password. It works once, within an hour.',
      });
    }
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

/** Whether the mail went out; the mailer has logged why when it did not. */
async function mailed(sending: Promise<void>): Promise<boolean> {
  try {
    await sending;
    return true;
  } catch {
    return false;
  }
}

function failed(
  args: Route.ActionArgs,
  intent: ProfileAction,
  message: string,
  status: number,
  result?: SubmissionResult<string[]>,
) {
  const title = intent === 'username' ? 'Failed to update username' : 'Update failed';
  return dataWithToast(args, { intent, error: message, result }, { kind: 'error', title, description: message }, { status });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, builds, stats, tab, editing } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loadingBuilds = navigation.state === 'loading' && navigation.location.pathname === '/profile';
  const tabs: { id: ProfileTab; label: string }[] = [
    { id: 'builds', label: 'My Builds' },
    { id: 'stats', label: 'Stats' },
    { id: 'settings', label: 'Settings' },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[20rem_1fr]">
      <h1 className="sr-only">My Profile</h1>
      <aside className="panel flex flex-col items-center gap-4 self-start p-6 text-center">
        <Avatar username={profile.username} avatarUrl={profile.avatarUrl} size="xl" />
        <AvatarUpload error={actionData?.intent === 'avatar' ? actionData.error : undefined} />
        <div className="min-w-0">
          <p className="truncate text-xl font-bold">{profile.username}</p>
          <p className="truncate text-sm text-muted">{profile.email}</p>
          {profile.isAdmin ? (
            <p className="mt-2 inline-block rounded-full bg-neon-pink/15 px-2.5 py-0.5 text-xs font-bold uppercase tracking-widest text-neon-pink">
              Admin
            </p>
          ) : null}
        </div>
        <div className="grid w-full gap-2">
          <Link to="/upload" className={buttonClass('hot', 'md')}>
            Upload New Build
          </Link>
          {profile.isAdmin ? (
            <Link to="/admin" className={buttonClass('ghost', 'md')}>
              Admin Dashboard
            </Link>
          ) : null}
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass('quiet', 'md', 'w-full')}>
              Logout
            </button>
          </Form>
        </div>
      </aside>
      <section className="min-w-0">
        <nav aria-label="Profile sections" className="flex gap-1 rounded-xl border border-line bg-panel p-1">
          {tabs.map((item) => (
            <Link
              key={item.id}
              to={item.id === 'builds' ? '/profile' : `/profile?tab=${item.id}`}
              replace
              preventScrollReset
              aria-current={tab === item.id ? 'page' : undefined}
              className={`flex-1 rounded-lg py-2.5 text-center text-sm font-bold uppercase tracking-wide ${
                tab === item.id ? 'bg-neon-cyan text-void' : 'text-muted hover:text-ink'
              }`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="mt-6">
          {tab === 'builds' ? <BuildsTab builds={builds} loading={loadingBuilds} /> : null}
          {tab === 'stats' ? <StatsTab stats={stats} /> : null}
          {tab === 'settings' ? (
            // Remounted on each navigation (e.g. the redirect after a save), which leaves edit mode.
            <SettingsTab key={location.key} profile={profile} editing={editing} actionData={actionData} />
          ) : null}
        </div>
      </section>
    </div>
  );
}
