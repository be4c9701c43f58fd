import { makeLaterVariants } from '~/images/records.server';
import type { JobHandler } from '~/queue/runner.server';

/** Makes the variants of an uploaded photo that its upload did not wait for. */
export const makeImageVariants: JobHandler = {
  run: ({ job }) => makeLaterVariants(Number(job.payload.imageId)),
};
