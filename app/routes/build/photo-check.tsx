/** What the owner of a build listed before the vision model's look answered reads until it has. */
export function PhotoCheck() {
  return (
    <p className="mt-4 text-sm text-muted" role="status">
      We're still checking your photo. Your build is listed meanwhile; if the check finds something our content guidelines don't allow, the
      build is held until a moderator has looked at it.
    </p>
  );
}
