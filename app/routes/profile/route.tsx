import { Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/route';
import { avatar, bio, deleteAccount, deletionCode, email, emailPreferences, failed, passwordLink, username } from './actions.server';
import { Avatar } from '~/components/avatar';
import { AvatarUpload } from '~/components/profile/avatar-upload';
import { BuildsTab } from '~/components/profile/builds-tab';
import { SettingsTab } from '~/components/profile/settings-tab';
import { StatsTab } from '~/components/profile/stats-tab';
import { LevelBadge } from '~/components/progression/level-badge';
import { buttonClass } from '~/components/ui/button';
import { buildStats, listUserBuilds } from '~/models/builds.server';
import { suspensionNotice } from '~/models/member-moderation.server';
import { imageSources } from '~/images/records.server';
import { findProgression } from '~/models/progression.server';
import { findProfile } from '~/models/users.server';
import { isMultipartForm, readUploadForm, UploadError } from '~/services/multipart.server';
import { requireUser } from '~/web/session.server';
import { pageMeta } from '~/utils/meta';
import { photoAlt } from '~/domain/photo-alt';

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
  const progression = findProgression(user.id)!;
  return {
    profile: {
      ...profile,
      createdAt: profile.createdAt.getTime(),
      marketingOptedInAt: profile.marketingOptedInAt?.getTime() ?? null,
    },
    builds: builds.map((build) => ({
      ...build,
      createdAt: build.createdAt.getTime(),
      image: images.get(build.imageId) ?? null,
      imageAlt: photoAlt(build.photoAlt, build.title),
    })),
    stats: buildStats(builds),
    progression: {
      ...progression,
      achievements: progression.achievements.map((achievement) => ({ ...achievement, earnedAt: achievement.earnedAt?.getTime() ?? null })),
    },
    tab: (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ProfileTab) : 'builds',
    editing: edit === 'username' || edit === 'bio' ? (edit as 'username' | 'bio') : null,
    // After the deletion code was mailed, the settings ask for it.
    confirmingDeletion: args.url.searchParams.get('delete') === 'confirm',
    suspension: suspensionNotice(user),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const { request } = args;
  const multipart = isMultipartForm(request.headers.get('Content-Type'));
  let formData: FormData;
  try {
    formData = multipart ? await readUploadForm(request) : await request.formData();
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return failed(args, 'avatar', error.message, error.status);
  }
  switch (formData.get('intent')) {
    case 'username':
      return username(args, user, formData);
    case 'bio':
      return bio(args, user, formData);
    case 'avatar':
      return avatar(args, user, formData);
    case 'email':
      return email(args, user, formData);
    case 'password-link':
      return passwordLink(args, user);
    case 'email-preferences':
      return emailPreferences(args, user, formData);
    case 'deletion-code':
      return deletionCode(args, user);
    case 'delete-account':
      return deleteAccount(args, user, formData);
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, builds, stats, progression, tab, editing, confirmingDeletion, suspension } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const loadingBuilds = navigation.state === 'loading' && navigation.location.pathname === '/profile';
  const tabs: { id: ProfileTab; label: string }[] = [
    { id: 'builds', label: 'My Builds' },
    { id: 'stats', label: 'Stats' },
    { id: 'settings', label: 'Settings' },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <h1 className="sr-only">My Profile</h1>
      <aside className="panel flex flex-col items-center gap-4 self-start p-6 text-center">
        <Avatar username={profile.username} avatarUrl={profile.avatarUrl} size="xl" />
        {suspension ? null : <AvatarUpload error={actionData?.intent === 'avatar' ? actionData.error : undefined} />}
        <div className="min-w-0 max-w-full">
          {/* A username is one word: whole, with the badge on the next line when both do not fit (a longer one than the card breaks). */}
          <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xl font-bold">
            <span className="min-w-0 wrap-break-word">{profile.username}</span>
            <LevelBadge level={progression.level} />
          </p>
          <p className="text-sm text-muted">{profile.email}</p>
          {profile.isAdmin ? (
            <p className="mt-2 inline-block rounded-full bg-neon-pink/15 px-2.5 py-0.5 text-xs font-bold uppercase tracking-widest text-neon-pink">
              Admin
            </p>
          ) : null}
        </div>
        <div className="grid w-full gap-2">
          {/* A suspended member may not upload: the way to the form is not offered (the form says why). */}
          {suspension ? null : (
            <Link to="/upload" className={buttonClass('hot', 'md')}>
              Upload New Build
            </Link>
          )}
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
          {tab === 'builds' ? <BuildsTab builds={builds} loading={loadingBuilds} suspended={suspension !== null} /> : null}
          {tab === 'stats' ? <StatsTab stats={stats} progression={progression} /> : null}
          {tab === 'settings' ? (
            // Remounted on each navigation (e.g. the redirect after a save), which leaves edit mode.
            <SettingsTab
              key={location.key}
              profile={profile}
              editing={editing}
              confirmingDeletion={confirmingDeletion}
              suspension={suspension}
              actionData={actionData}
            />
          ) : null}
        </div>
      </section>
    </div>
  );
}
