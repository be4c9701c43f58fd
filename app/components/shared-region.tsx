import { createContext, type ReactNode, useContext } from 'react';

/** What a server render knows of shared regions (app/document/region-markup.ts); null in the browser. */
export type RegionMarkup = {
  /** The markup an earlier render made of this region from the very same deps, if kept. */
  find(name: string, deps: readonly unknown[]): string | undefined;
  /** This render draws the region in full: its markup may be kept for the next one. */
  drawn(name: string, deps: readonly unknown[]): void;
};

const RegionMarkupContext = createContext<RegionMarkup | null>(null);

export const RegionMarkupProvider = RegionMarkupContext.Provider;

type Props = {
  /** Unique on the page: where its markup is found again. */
  name: string;
  /**
   * Everything the children are drawn from, as for useMemo: values read once per
   * data version (compared by identity) and plain values such as "is this the
   * viewer's own comment" (part of the key).
   */
  deps: readonly unknown[];
  /** An id for the wrapper: a place links land on (utils/places.ts). */
  id?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A part of a page drawn only from `deps`. The server draws it once per set of
 * deps and sends that markup again, to members too, while the deps stay the
 * same — a member's page then renders only what is theirs. The browser draws the
 * children as usual and hydrates them against that markup, so the children must
 * not read anything else that differs between visitors (the viewer, a nonce).
 */
export function SharedRegion({ name, deps, id, className, children }: Props) {
  const markup = useContext(RegionMarkupContext);
  const kept = markup?.find(name, deps);
  if (kept !== undefined) return <div data-region={name} id={id} className={className} dangerouslySetInnerHTML={{ __html: kept }} />;
  markup?.drawn(name, deps);
  return (
    <div data-region={name} id={id} className={className}>
      {children}
    </div>
  );
}
