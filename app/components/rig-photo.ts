import type { ImageSources } from '~/images/variants';
import { photoAlt } from '~/domain/photo-alt';

/** One build of a rig's story (a glow-up's before and after, a member's rig timeline), as the page shows it. */
export type RigPhoto = {
  id: number;
  title: string;
  image: ImageSources | null;
  alt: string;
  createdAt: number;
  averageRating: number;
  ratingCount: number;
};

type StoredBuild = Pick<RigPhoto, 'id' | 'title' | 'averageRating' | 'ratingCount'> & { photoAlt: string | null; createdAt: Date };

/** A build as a rig's story shows it, with its photo's sources. */
export function toRigPhoto(build: StoredBuild, image: ImageSources | null): RigPhoto {
  return {
    id: build.id,
    title: build.title,
    image,
    alt: photoAlt(build.photoAlt, build.title),
    createdAt: build.createdAt.getTime(),
    averageRating: build.averageRating,
    ratingCount: build.ratingCount,
  };
}
