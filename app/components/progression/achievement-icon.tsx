import type { ReactNode, SVGProps } from 'react';
import { Icon } from '~/components/icons';

// Our own achievement icons, drawn inline (no icon font, nothing fetched): each
// achievement type's `icon` names one of these.

const paths: Record<string, ReactNode> = {
  rig: (
    <>
      <rect x="6" y="3" width="12" height="18" rx="2" />
      <circle cx="12" cy="9" r="2.5" />
      <path d="M9 16h6M9 18.5h6" />
    </>
  ),
  stack: (
    <>
      <path d="m12 3 9 4.5-9 4.5-9-4.5z" />
      <path d="m3 12 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
    </>
  ),
  flame: <path d="M12 3c1 3.5 6 5.5 6 11a6 6 0 0 1-12 0c0-3 1.5-4.8 3.2-6.2-.1 2.2.8 3.7 2.2 4-.8-3.6.2-6.4.6-8.8z" />,
  bubble: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  star: <path d="m12 3 2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 16.9l-5.4 2.9 1-6.1-4.4-4.3 6.1-.8z" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />,
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="m9 15 2 2 4-4" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20h16" />
      <rect x="5" y="12" width="3.5" height="8" />
      <rect x="10.25" y="6" width="3.5" height="14" />
      <rect x="15.5" y="9" width="3.5" height="11" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h12l-2.5 4L17 12H5" />
    </>
  ),
  medal: (
    <>
      <path d="m8 3 4 6 4-6" />
      <circle cx="12" cy="15" r="5.5" />
      <path d="M12 12.5v5" />
    </>
  ),
  crown: (
    <>
      <path d="m3.5 8 4.5 4 4-6 4 6 4.5-4-2 10h-13z" />
      <path d="M6 21h12" />
    </>
  ),
  bolt: <path d="M13 2 5 13.5h6L10 22l9-12h-6z" />,
  shield: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
};

/** The icon an achievement type names; a plain badge for a name we have not drawn. */
export function AchievementIcon({ icon, className = 'size-8', ...props }: { icon: string } & SVGProps<SVGSVGElement>) {
  return (
    <Icon strokeWidth="1.8" className={className} {...props}>
      {paths[icon] ?? <circle cx="12" cy="12" r="8" />}
    </Icon>
  );
}
