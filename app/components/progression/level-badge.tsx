/**
 * A member's level, small, beside their name: "Lv 4" on screen, "Level 4" to a screen reader.
 * One element with a name, so nothing reads both ("Lv Level 4").
 */
export function LevelBadge({ level }: { level: number }) {
  return (
    <span
      role="img"
      aria-label={`Level ${level}`}
      className="inline-flex shrink-0 items-center rounded-full border border-neon-lime/50 px-1.5 py-px text-[0.7rem] font-bold leading-4 text-neon-lime"
    >
      Lv&nbsp;{level}
    </span>
  );
}
