import { initials } from '~/utils/initials';

type AvatarProps = { username: string; avatarUrl: string; size?: 'sm' | 'md' | 'xl' };

const sizes = { sm: 'size-8 text-xs', md: 'size-11 text-sm', xl: 'size-28 text-3xl' };

/** A member's picture, or their initials on a gradient when they have none. */
export function Avatar({ username, avatarUrl, size = 'sm' }: AvatarProps) {
  const box = `${sizes[size]} shrink-0 overflow-hidden rounded-full ring-2 ring-neon-cyan/50`;
  if (avatarUrl) {
    const pixels = size === 'xl' ? 112 : size === 'md' ? 44 : 32;
    return <img src={avatarUrl} alt="" width={pixels} height={pixels} className={`${box} object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${box} grid place-items-center bg-gradient-to-br from-neon-pink to-flame font-black text-void`}>
      {initials(username)}
    </span>
  );
}
