import { Link } from 'react-router';
import { SharedRegion } from '~/components/shared-region';
import { type BuildPart, partCategoryLabel } from '~/domain/build-parts';
import type { Paragraph } from '~/domain/markdown-lite';
import { buildPath, glowUpUploadPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

export type BuildAboutView = { description: Paragraph[]; tags: { slug: string; label: string }[]; parts: BuildPart[] };

/** The owner's words, tags and confirmed parts: the same for every visitor. */
export function BuildAbout({ buildId, about }: { buildId: number; about: BuildAboutView }) {
  const { description, tags, parts } = about;
  if (description.length === 0 && tags.length === 0 && parts.length === 0) return null;
  return (
    <SharedRegion name="build-about" deps={[buildId, about]} className="grid gap-6">
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.slug}>
              <Link
                to={`/gallery?tag=${encodeURIComponent(tag.slug)}`}
                className="inline-block rounded-full border border-line px-3 py-1 text-sm font-semibold text-neon-cyan hover:border-neon-cyan"
              >
                #{tag.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {description.length > 0 ? (
        <div className="grid gap-3 text-ink" data-testid="build-description">
          {description.map((paragraph, index) => (
            <p key={index} dir="auto">
              {paragraph.map((piece, at) =>
                piece.kind === 'link' ? (
                  <a key={at} href={piece.href} rel="nofollow ugc noopener" className="text-neon-cyan underline underline-offset-2">
                    {piece.text}
                  </a>
                ) : (
                  piece.text
                ),
              )}
            </p>
          ))}
        </div>
      ) : null}
      {parts.length > 0 ? (
        <section aria-labelledby="parts-title">
          <h2 id="parts-title" className="display text-xl">
            Parts
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Part</th>
              </tr>
            </thead>
            <tbody>
              {parts.map((part) => (
                <tr key={part.id} className="border-b border-line last:border-0">
                  <th scope="row" className="w-32 py-2 pr-4 font-semibold text-muted">
                    {partCategoryLabel(part.category)}
                  </th>
                  <td className="py-2">{part.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </SharedRegion>
  );
}

/** The owner's way to the edit page, saying when the AI's proposed parts wait for them, and to a glow-up of the rig. */
export function OwnerEditLink({ buildId, proposedParts }: { buildId: number; proposedParts: number }) {
  return (
    <div className="grid gap-2 text-sm">
      <p>
        <Link to={`${buildPath(buildId)}/edit`} className="font-semibold text-neon-cyan underline underline-offset-2">
          Edit description, tags, parts and photos
        </Link>
        {proposedParts > 0 ? (
          <span className="text-muted"> · The AI spotted {counted(proposedParts, 'part', 'parts')} for you to confirm</span>
        ) : null}
      </p>
      <p>
        <Link to={glowUpUploadPath(buildId)} className="font-semibold text-neon-cyan underline underline-offset-2">
          Post a glow-up
        </Link>
        <span className="text-muted"> · New photos of this rig after an upgrade, with a roast that knows this one</span>
      </p>
    </div>
  );
}
