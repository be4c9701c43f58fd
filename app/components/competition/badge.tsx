import { useId } from 'react';

/** A competition's badge: the admin's image, or our own trophy drawn inline when it has none. */
export function CompetitionBadge({ badgeUrl, className = 'size-16' }: { badgeUrl: string | null; className?: string }) {
  // Several badges share a page: each gradient needs its own id.
  const fill = useId();
  if (badgeUrl)
    return <img src={badgeUrl} alt="" width={64} height={64} loading="lazy" className={`${className} shrink-0 rounded-xl object-cover`} />;
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={`${className} shrink-0`}>
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-flame)" />
          <stop offset="1" stopColor="var(--color-neon-pink)" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="60" height="60" rx="14" fill="var(--color-panel-2)" stroke="var(--color-line)" strokeWidth="2" />
      <path
        d="M22 16h20v10a10 10 0 0 1-20 0zM22 19h-5a5 5 0 0 0 5 9M42 19h5a5 5 0 0 1-5 9M29 36h6v7h-6zM23 43h18v5H23z"
        fill={`url(#${fill})`}
        stroke={`url(#${fill})`}
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
