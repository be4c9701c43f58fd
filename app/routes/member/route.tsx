import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import type { Route } from './+types/route';
import { MemberBuilds } from './member-builds';
import { Placements } from './placements';
import { RigTimelines } from './rig-timelines';
import { TrophyCase, winData } from '~/components/competition/trophies';
import { Avatar } from '~/components/avatar';
import { toRigPhoto } from '~/components/rig-photo';
import { toBuildCard } from '~/components/build-card';
import { ErrorPage } from '~/components/error-page';
import { AchievementGrid } from '~/components/profile/achievement-grid';
import { ProgressionPanel } from '~/components/profile/progression-panel';
import { LevelBadge } from '~/components/progression/level-badge';
import { buttonClass } from '~/components/ui/button';
import { imageSources } from '~/images/records.server';
import { isStaff } from '~/domain/permissions';
import { currentUser } from '~/web/session.server';
import { lookUpMember, readMemberPage } from '~/models/members.server';
import { rigTimelines } from '~/models/glow-ups.server';
import { dataNow, perDataVersion } from '~/models/version-cache.server';
import type { BuildSort } from '~/domain/build-sorts';
import { shortDate } from '~/utils/dates';
import { memberPath } from '~/utils/member-path';
import { feedLink, memberFeedPath } from '~/utils/feed-paths';
import { pageMeta } from '~/utils/meta';
import { memberPageQuery } from '~/utils/page-query';
import { withQuery } from '~/utils/query';
import { counted } from '~/utils/count';

/** Why a member's page is a 404: nobody by that name, a disabled member, or a page of builds past their last. */
type Missing = { reason: 'unknown' } | { reason: 'unavailable' } | { reason: 'no-such-page'; username: string; pageCount: number };

/** The member page tells the latest rigs' timelines; older ones stay on their builds' pages. */
const MAX_RIGS_SHOWN = 6;
/** A rig's first build and its latest glow-ups, this many in all. */
const MAX_RIG_STEPS = 12;

/**
 * What the page shows of a member, read once per change of the data: everyone
 * sees the same page of a member (nothing on it depends on the viewer). Keyed by
 * the member's id, never by the name as typed.
 */
const memberPage = perDataVersion((key: `${number}/${BuildSort}/${number}`) => {
  const [id, sort, page] = key.split('/') as [string, BuildSort, string];
  const read = readMemberPage(Number(id), sort, Number(page), new Date(dataNow('now')));
  if (!read) return null;
  const { progression, placements, wins, builds } = read;
  // The rigs as everyone sees them: listed builds only, the latest rigs first.
  const rigs = rigTimelines(Number(id), null)
    .slice(0, MAX_RIGS_SHOWN)
    .map((rig) => (rig.length > MAX_RIG_STEPS ? [rig[0]!, ...rig.slice(1 - MAX_RIG_STEPS)] : rig));
  const images = imageSources([...builds.list, ...rigs.flat()].map((build) => build.imageId));
  const { achievements, ...level } = progression;
  return {
    progression: {
      ...level,
      achievements: achievements
        .filter((achievement) => achievement.earnedAt !== null)
        .map((achievement) => ({ ...achievement, earnedAt: achievement.earnedAt!.getTime() })),
    },
    placements: placements.map((placement) => ({ ...placement, closedAt: placement.closedAt.getTime() })),
    wins: wins.map(winData),
    rigs: rigs.map((rig) => rig.map((build) => toRigPhoto(build, images.get(build.imageId) ?? null))),
    builds: {
      total: builds.total,
      sort: builds.sort,
      page: builds.page,
      pageCount: builds.pageCount,
      list: builds.list.map((build) => toBuildCard(build, images.get(build.imageId) ?? null, builds.wins.get(build.id))),
    },
  };
});

export function loader(args: Route.LoaderArgs) {
  const { params, url } = args;
  const found = lookUpMember(params.username);
  if (found.kind === 'unknown' || found.kind === 'unavailable') throw data<Missing>({ reason: found.kind }, { status: 404 });
  const { sort, page } = memberPageQuery(url.searchParams);
  const username = found.kind === 'renamed' ? found.username : found.member.username;
  // An old name, or the name spelt another way (case, encoding): one address per member page.
  if (found.kind === 'renamed' || url.pathname !== memberPath(username)) {
    throw redirect(withQuery(memberPath(username), { sort: sort === 'newest' ? null : sort, page }));
  }
  const { member } = found;
  const read = memberPage(`${member.id}/${sort}/${page}`);
  if (!read) throw data<Missing>({ reason: 'unknown' }, { status: 404 });
  // Past their last page: a 404, so made-up page numbers are never kept as pages.
  if (page > read.builds.pageCount)
    throw data<Missing>({ reason: 'no-such-page', username, pageCount: read.builds.pageCount }, { status: 404 });
  return {
    member: {
      username: member.username,
      avatarUrl: member.avatarUrl,
      bio: member.bio,
      level: member.level,
      joinedAt: member.createdAt.getTime(),
    },
    // Staff reach the member's staff page from here (the page is kept per signed-in visitor).
    staffPage: isStaff(currentUser(args)) ? `/admin/users/${member.id}` : null,
    // The member on their own page may post a glow-up of any of their builds.
    own: currentUser(args)?.id === member.id,
    ...read,
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return pageMeta('Member not found', 'There is no member page at this address.');
  const { member, builds } = loaderData;
  return [
    ...pageMeta(
      `@${member.username}`,
      member.bio ||
        `${member.username} on RigRoast: level ${member.level}, ${counted(builds.total, 'build', 'builds')}, achievements and competition placements.`,
    ),
    feedLink(`@${member.username}'s builds`, memberFeedPath(member.username)),
  ];
};

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  const { member, progression, placements, wins, rigs, builds, staffPage, own } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-10 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <section aria-labelledby="member-name" className="panel flex min-w-0 flex-col items-center gap-4 self-start p-6 text-center">
        <Avatar username={member.username} avatarUrl={member.avatarUrl} size="xl" />
        <h1 id="member-name" className="flex max-w-full items-center justify-center gap-2 text-2xl font-bold">
          <span className="wrap-anywhere min-w-0">@{member.username}</span>
          <LevelBadge level={member.level} />
        </h1>
        {member.bio ? (
          <p dir="auto" className="whitespace-pre-line text-ink">
            {member.bio}
          </p>
        ) : null}
        <p className="text-sm text-muted">
          Joined <time dateTime={new Date(member.joinedAt).toISOString()}>{shortDate(member.joinedAt)}</time>
        </p>
        {staffPage ? (
          <Link to={staffPage} className={buttonClass('ghost', 'sm')}>
            {/* A button keeps its own words whole; the member's name breaks anywhere, as their text does everywhere. */}
            Staff: moderate <span className="wrap-anywhere">@{member.username}</span>
          </Link>
        ) : null}
      </section>
      <div className="grid min-w-0 gap-8">
        <ProgressionPanel progression={progression} />
        <TrophyCase wins={wins} />
        <RigTimelines rigs={rigs} />
        <MemberBuilds username={member.username} own={own} {...builds} />
        <Placements placements={placements} />
        <AchievementGrid achievements={progression.achievements} earnedOnly />
      </div>
    </div>
  );
}

/** The 404s, in plain words: no such member, a member whose page is not available, or no such page of their builds. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404 ? (error.data as Missing) : null;
  const shown =
    missing?.reason === 'no-such-page'
      ? {
          title: 'No such page',
          text: `@${missing.username} has ${counted(missing.pageCount, 'page', 'pages')} of builds.`,
          back: { to: memberPath(missing.username), label: `Back to @${missing.username}` },
        }
      : missing?.reason === 'unavailable'
        ? { title: 'Not available', text: 'This member’s page is not available.', back: null }
        : missing
          ? { title: 'Member not found', text: 'Nobody on RigRoast goes by that name.', back: null }
          : null;
  if (!shown) return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
  const { title, text, back } = shown;
  return (
    <section className="mx-auto grid max-w-2xl place-items-center px-4 py-24 text-center">
      <h1 className="display text-2xl sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {back ? (
          <Link to={back.to} className={buttonClass('primary', 'md')}>
            {back.label}
          </Link>
        ) : null}
        <Link to="/gallery" className={buttonClass(back ? 'ghost' : 'primary', 'md')}>
          Browse the gallery
        </Link>
      </div>
    </section>
  );
}
