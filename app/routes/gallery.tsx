import { type ReactNode, useState } from 'react';
import { Form, Link, redirect, useFetcher, useLocation, useSubmit } from 'react-router';
import type { Route } from './+types/gallery';
import { BuildCard, type BuildCardData, toBuildCard } from '~/components/build-card';
import { Icon } from '~/components/icons';
import { EmptyState } from '~/components/section-heading';
import { SharedRegion } from '~/components/shared-region';
import { buttonClass } from '~/components/ui/button';
import { inputClass } from '~/components/ui/field';
import { TabLinks } from '~/components/ui/tab-links';
import { appliedGalleryFilters, galleryBuilds, inGallery } from '~/models/gallery.server';
import { listStartedCompetitions } from '~/models/competitions.server';
import { unsearchedText } from '~/models/search-match.server';
import { buildWins } from '~/models/competition-wins.server';
import { imageSources } from '~/images/records.server';
import { perDataVersion } from '~/models/version-cache.server';
import { BUILD_TAGS, buildTagLabel } from '~/domain/build-tags';
import {
  GALLERY_QUERY_MAX,
  GALLERY_SORT_LABELS,
  GALLERY_SORTS,
  type GalleryFilters,
  RATED_SORTS,
  SEARCH_MAX_TOKENS,
} from '~/domain/gallery';
import { GALLERY_MAX_SHOWN, GALLERY_PAGE_SIZE } from '~/utils/constants';
import { galleryHref, galleryQuery, isUnfiltered } from '~/utils/page-query';
import { pageMeta } from '~/utils/meta';
import { notFound } from '~/utils/not-found';
import { markNamesNothing } from '~/web/render-reading.server';

export const meta = () =>
  pageMeta('Battle Archive', 'Every PC build uploaded to RigRoast: search by part, tag or words, sort by rating, talk or trend.');

/** A batch of the gallery, read once per change of the data: every visitor sees the same builds. */
const galleryBatch = perDataVersion((href: string) => {
  const { after, count, ...filters } = galleryQuery(new URL(href, 'http://gallery').searchParams);
  const builds = galleryBuilds({ ...filters, after, limit: count });
  const images = imageSources(builds.map((build) => build.imageId));
  const wins = buildWins(builds.map((build) => build.id));
  return {
    builds: builds.map((build) => toBuildCard(build, images.get(build.imageId) ?? null, wins.get(build.id))),
    // More may exist while the last batch came back full (docs/product.md §2 Gallery).
    hasMore: builds.length === count && (after > 0 || count < GALLERY_MAX_SHOWN),
    // Nothing listed, for a build to go on from that is none of the list's (made up, or gone since)
    // or a search no build matches; or a count of builds whose last batch lists none (a page of
    // fewer is the same page): such a page is sent, never stored.
    namesNothing:
      (builds.length === 0 && (after > 0 ? !inGallery(filters, after) : filters.q !== '')) ||
      (after === 0 && count > GALLERY_PAGE_SIZE && builds.length <= count - GALLERY_PAGE_SIZE),
  };
});

const competitionChoices = perDataVersion((_all: 'started') => listStartedCompetitions());

/** The filters the search form sends even when left empty ("Any tag"). */
const FORM_FIELDS = ['q', 'tag', 'competition'];

export function loader({ url }: Route.LoaderArgs) {
  const { after, count, ...asked } = galleryQuery(url.searchParams);
  // The search form names its empty fields too: it lands on the search's one address, as its links write it.
  if (FORM_FIELDS.some((name) => url.searchParams.get(name) === '')) throw redirect(galleryHref(asked));
  const competitions = competitionChoices('started');
  // A competition the gallery does not offer (none by that id, or not started yet) has no entries to show.
  if (asked.competition && !competitions.some((competition) => competition.id === asked.competition)) throw notFound('competition');
  // A running competition's entries in an order by ratings: the order they are in instead, whose page says why.
  const { filters, contest } = appliedGalleryFilters(asked);
  if (filters.sort !== asked.sort) throw redirect(galleryHref(filters, { after, count: url.searchParams.has('count') ? count : 0 }));
  const { namesNothing, ...batch } = galleryBatch(galleryHref(filters, { after, count }));
  if (namesNothing) markNamesNothing();
  // A page of builds after another one (LOAD MORE's), asked for as a page of its own.
  const unsearched = filters.q ? unsearchedText(filters.q) : null;
  return { ...batch, filters, contest, competitions, unsearched, paged: after > 0 };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  // A new visit to the gallery starts from the server's list again.
  return <BuildList key={useLocation().key} {...loaderData} />;
}

function BuildList(loaderData: Route.ComponentProps['loaderData']) {
  const more = useFetcher<typeof loader>();
  const [appended, setAppended] = useState<BuildCardData[]>([]);
  const { filters, contest } = loaderData;

  // Each batch the fetcher brings is appended once (adjusting state while rendering, as React advises).
  const [lastBatch, setLastBatch] = useState(more.data);
  if (more.data && more.data !== lastBatch) {
    const batch = more.data;
    setLastBatch(batch);
    setAppended((previous) => {
      // A batch that arrives twice adds nothing.
      const known = new Set([...loaderData.builds, ...previous].map((build) => build.id));
      return [...previous, ...batch.builds.filter((build) => !known.has(build.id))];
    });
  }

  const builds = [...loaderData.builds, ...appended];
  const { hasMore } = lastBatch ?? loaderData;
  const loading = more.state === 'loading';

  return (
    <SharedRegion
      name="gallery"
      deps={[
        loaderData.builds,
        loaderData.hasMore,
        loaderData.paged,
        filters.q,
        filters.sort,
        filters.tag,
        filters.competition,
        contest,
        loaderData.competitions,
      ]}
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14"
    >
      <h1 className="display text-3xl sm:text-5xl">
        Battle <span className="text-gradient">Archive</span>
      </h1>
      <p className="mt-3 text-muted">Every battle station deployed to RigRoast. Search by part, tag or words.</p>
      <SearchForm filters={filters} competitions={loaderData.competitions}>
        <TabLinks
          label="Sort builds"
          className="mt-4"
          current={filters.sort}
          tabs={GALLERY_SORTS.filter((sort) => (filters.q || sort !== 'relevance') && !(contest && RATED_SORTS.has(sort))).map((sort) => ({
            key: sort,
            label: GALLERY_SORT_LABELS[sort],
            href: galleryHref({ ...filters, sort }),
          }))}
        />
      </SearchForm>
      {loaderData.unsearched ? (
        <p className="mt-3 text-sm text-muted">
          A search reads its first {SEARCH_MAX_TOKENS} words (“NH-D15” is two), so “{loaderData.unsearched}” was left out.
        </p>
      ) : null}
      {contest ? (
        <p className="mt-3 text-sm text-muted">
          While {contest.title} runs, its entries are not ranked by their ratings (contest mode): {GALLERY_SORT_LABELS.top} and{' '}
          {GALLERY_SORT_LABELS.trending} come back when it closes.
        </p>
      ) : null}
      {builds.length === 0 ? (
        <NoBuilds filters={filters} competitions={loaderData.competitions} paged={loaderData.paged} />
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={loading} aria-label="Builds">
          {builds.map((build, index) => (
            <li key={build.id}>
              <BuildCard build={build} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" role="status">
        {lastBatch ? `Showing ${builds.length} builds` : ''}
      </p>
      {hasMore ? (
        <div className="mt-10 flex justify-center">
          {/* A link to a longer page without JavaScript; with it, the next 12 are fetched and appended. */}
          <Link
            to={galleryHref(filters, { count: builds.length + GALLERY_PAGE_SIZE })}
            preventScrollReset
            className={buttonClass('ghost', 'lg')}
            aria-disabled={loading}
            onClick={(event) => {
              event.preventDefault();
              const last = builds.at(-1);
              if (!loading && last) void more.load(galleryHref(filters, { after: last.id }));
            }}
          >
            {loading ? 'LOADING...' : 'LOAD MORE'}
          </Link>
        </div>
      ) : null}
    </SharedRegion>
  );
}

type Competitions = Route.ComponentProps['loaderData']['competitions'];

/**
 * The search: a plain GET form, so it works without JavaScript; with it, picking a
 * tag or a competition applies at once. A new search keeps the order picked, except
 * best match, which a search has anyway. On a phone the filters and the order
 * (`children`) fold behind one control, a <details> that opens without JavaScript,
 * so the builds start on the first screen; from the `sm` width on they are always
 * shown and the control is not drawn.
 */
function SearchForm({ filters, competitions, children }: { filters: GalleryFilters; competitions: Competitions; children: ReactNode }) {
  const submit = useSubmit();
  const keptSort = filters.sort !== 'relevance' && filters.sort !== 'newest' ? filters.sort : null;
  const competition = competitions.find((choice) => choice.id === filters.competition);
  const applied = [
    GALLERY_SORT_LABELS[filters.sort],
    filters.tag ? buildTagLabel(filters.tag) : null,
    filters.competition ? (competition?.title ?? 'a competition') : null,
  ].filter(Boolean);
  return (
    <Form method="get" action="/gallery" role="search" aria-label="Search builds" className="mt-8 grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor="gallery-q" className="text-sm font-semibold text-ink">
          Search builds
        </label>
        <div className="flex gap-3">
          <input
            id="gallery-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={GALLERY_QUERY_MAX}
            placeholder="A part, a tag or a word: 4090, NH-D15, white"
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass('primary', 'lg')}>
            SEARCH
          </button>
        </div>
      </div>
      <details className="group supports-[selector(::details-content)]:sm:details-content:[content-visibility:visible]">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-line px-3 text-sm hover:border-neon-cyan supports-[selector(::details-content)]:sm:hidden [&::-webkit-details-marker]:hidden">
          <span className="font-bold uppercase tracking-wide text-ink">Filters and order</span>
          <span className="min-w-0 flex-1 truncate text-muted">{applied.join(' · ')}</span>
          <Icon className="size-4 shrink-0 text-neon-cyan transition-transform group-open:rotate-180">
            <path d="m6 9 6 6 6-6" />
          </Icon>
        </summary>
        <div className="mt-3 grid gap-3 sm:mt-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <div className="grid gap-1.5">
            <label htmlFor="gallery-tag" className="text-sm font-semibold text-ink">
              Tag
            </label>
            <select
              id="gallery-tag"
              name="tag"
              defaultValue={filters.tag ?? ''}
              className={inputClass}
              onChange={(event) => void submit(event.currentTarget.form)}
            >
              <option value="">Any tag</option>
              {BUILD_TAGS.map((tag) => (
                <option key={tag.slug} value={tag.slug}>
                  {tag.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="gallery-competition" className="text-sm font-semibold text-ink">
              Competition
            </label>
            <select
              id="gallery-competition"
              name="competition"
              defaultValue={filters.competition ?? ''}
              className={inputClass}
              onChange={(event) => void submit(event.currentTarget.form)}
            >
              <option value="">Any competition</option>
              {competitions.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                </option>
              ))}
            </select>
          </div>
          {/* Without JavaScript a picked tag or competition applies with a press, next to where it was picked. */}
          <button type="submit" className={buttonClass('ghost', 'lg')}>
            APPLY
          </button>
        </div>
        {children}
      </details>
      {keptSort ? <input type="hidden" name="sort" value={keptSort} /> : null}
    </Form>
  );
}

/**
 * What the gallery says when it lists nothing: past the end of a list (the builds after
 * its last, or after one that is not in it, made up or gone since), no build at all, or
 * none matching the filters.
 */
function NoBuilds({ filters, competitions, paged }: { filters: GalleryFilters; competitions: Competitions; paged: boolean }) {
  if (paged)
    return (
      <div className="panel mt-8 grid justify-items-center gap-4 border-dashed p-8 text-center">
        <p className="font-bold uppercase tracking-wide text-muted">No more builds here.</p>
        <Link to={galleryHref(filters)} className={buttonClass('ghost', 'md')}>
          Back to the first page
        </Link>
      </div>
    );
  if (isUnfiltered(filters)) return <EmptyState>NO BATTLE STATIONS FOUND. DEPLOY YOUR RIG FIRST!</EmptyState>;
  return <NoResults filters={filters} competitions={competitions} />;
}

/** What was asked for, that nothing matches it, and the way back to every build. */
function NoResults({ filters, competitions }: { filters: GalleryFilters; competitions: Competitions }) {
  const competition = competitions.find((choice) => choice.id === filters.competition);
  const asked = [
    filters.q ? `“${filters.q}”` : null,
    filters.tag ? `tagged ${buildTagLabel(filters.tag)}` : null,
    filters.competition ? `in ${competition?.title ?? 'that competition'}` : null,
  ].filter(Boolean);
  return (
    <div className="panel mt-8 grid justify-items-center gap-4 border-dashed p-8 text-center">
      <p className="font-bold uppercase tracking-wide text-muted">No builds match {asked.join(', ')}.</p>
      <p className="text-sm text-muted">Try fewer or other words, or another tag.</p>
      <Link to="/gallery" className={buttonClass('ghost', 'md')}>
        Clear filters
      </Link>
    </div>
  );
}
