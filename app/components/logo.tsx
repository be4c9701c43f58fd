/** The RigRoast mark: a PC case with a flame inside. Also shipped as public/favicon.svg. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="rr-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#ff4fd8" />
          <stop offset="1" stopColor="#ff8a2a" />
        </linearGradient>
      </defs>
      <rect x="7" y="3" width="34" height="42" rx="7" fill="#0e111d" stroke="#2ee6ff" strokeWidth="3" />
      <path d="M13 9h22" stroke="#2ee6ff" strokeOpacity=".5" strokeWidth="2" strokeLinecap="round" />
      <path
        fill="url(#rr-flame)"
        d="M24.6 13.5c1.6 4.6 7.9 7.7 7.9 14.4a8.5 8.5 0 0 1-17 0c0-3.9 2-6.3 4.3-8.1-.2 2.9 1 4.9 2.9 5.3-1-4.7.3-8.4 1.9-11.6z"
      />
      <path
        fill="#06070d"
        d="M24 29.2c1.3 1.4 3.4 2.6 3.4 5a3.4 3.4 0 0 1-6.8 0c0-1.6.9-2.6 2-3.4 0 .9.5 1.6 1.2 1.7-.3-1.2-.2-2.3.2-3.3z"
      />
    </svg>
  );
}

/** Mark plus word, as shown in the header and footer. */
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <LogoMark />
      <span className="display text-lg leading-none tracking-wider">
        Rig<span className="text-gradient">Roast</span>
      </span>
    </span>
  );
}
