/** A JSON post as the build's owner, by whatever client the test drives; answers the status. */
export type OwnerPost = (path: string, body: unknown) => Promise<number>;

/**
 * Gives a build its description, confirmed parts and tags through the owner's own
 * API calls, as the edit page saves them: the app writes them itself, so the test
 * never writes beside it into its database.
 */
export async function describeBuild(
  post: OwnerPost,
  buildId: number,
  { description, parts = [], tags = [] }: { description?: string; parts?: string[]; tags?: string[] },
): Promise<void> {
  const expect = (status: number, wanted: number, what: string) => {
    if (status !== wanted) throw new Error(`${what} for build ${buildId} answered ${status}`);
  };
  if (description !== undefined || tags.length > 0)
    expect(await post(`/api/builds/${buildId}/details`, { description: description ?? '', tags }), 200, 'Saving details');
  for (const name of parts) expect(await post(`/api/builds/${buildId}/parts`, { category: 'other', name }), 201, `Adding “${name}”`);
}
