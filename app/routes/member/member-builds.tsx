import { Link, useNavigation } from 'react-router';
import { BuildCard, type BuildCardData } from '~/components/build-card';
import { Pager } from '~/components/ui/pager';
import { TabLinks } from '~/components/ui/tab-links';
import { BUILD_SORT_LABELS, BUILD_SORTS, type BuildSort } from '~/domain/build-sorts';
import { glowUpUploadPath } from '~/utils/build-path';
import { memberPath } from '~/utils/member-path';
import { withQuery } from '~/utils/query';

type Props = {
  username: string;
  /** The member is looking at their own page: each build offers a glow-up. */
  own: boolean;
  list: BuildCardData[];
  total: number;
  page: number;
  pageCount: number;
  sort: BuildSort;
};

/** Where a page of the member's builds lives: newest first needs no `?sort=`, page 1 no `?page=`. */
function buildsHref(username: string, sort: BuildSort, page: number): string {
  return `${withQuery(memberPath(username), { sort: sort === 'newest' ? null : sort, page })}#builds`;
}

/** The member's listed builds, a page at a time, in the order the visitor picks; plain links, so it all works without JavaScript. */
export function MemberBuilds({ username, own, list, total, page, pageCount, sort }: Props) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === memberPath(username);
  return (
    <section id="builds" aria-labelledby="builds-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="builds-heading" className="flex items-baseline justify-between text-lg font-bold">
        Builds
        <span className="text-sm font-normal text-muted">{total} listed</span>
      </h2>
      {total === 0 ? (
        <p className="panel border-dashed p-8 text-center text-muted">No builds listed yet.</p>
      ) : (
        <>
          {total > 1 ? (
            <TabLinks
              label="Order of the builds"
              current={sort}
              tabs={BUILD_SORTS.map((key) => ({ key, label: BUILD_SORT_LABELS[key], href: buildsHref(username, key, 1) }))}
            />
          ) : null}
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy={loading}>
            {list.map((build, index) => (
              <li key={build.id} className="grid content-start gap-2">
                <BuildCard build={build} priority={page === 1 && index === 0} heading="h3" />
                {own ? (
                  <Link to={glowUpUploadPath(build.id)} className="text-sm font-semibold text-neon-cyan underline underline-offset-2">
                    Post a glow-up<span className="sr-only"> of {build.title}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={pageCount}
            label={`Pages of @${username}’s builds`}
            hrefFor={(to) => buildsHref(username, sort, to)}
          />
        </>
      )}
    </section>
  );
}
