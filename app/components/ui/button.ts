/**
 * Class names for the site's buttons, shared by <button>, <Link> and <a>. Their words
 * stay whole (`wrap-break-word`, not the page's `anywhere`): a button keeps the width
 * of its longest word, and only a word wider than the window breaks. A member's text
 * in a button goes in a `wrap-anywhere` span, as it may be one word wider than a phone.
 */
const base =
  'wrap-break-word inline-flex items-center justify-center gap-2 rounded-lg font-bold uppercase tracking-wide transition-[background,box-shadow,transform,color] duration-150 active:translate-y-px disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const variants = {
  primary: 'bg-neon-cyan text-void hover:shadow-glow-cyan hover:bg-[#6ff0ff] focus-visible:shadow-glow-cyan',
  hot: 'bg-gradient-to-r from-flame to-neon-pink text-void hover:shadow-glow-pink focus-visible:shadow-glow-pink',
  ghost: 'border border-line bg-panel-2/60 text-ink hover:border-neon-cyan hover:text-neon-cyan',
  quiet: 'text-muted hover:text-ink hover:bg-panel-2',
} as const;

const sizes = {
  sm: 'min-h-9 px-3 text-xs',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-13 px-7 text-base',
} as const;

export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
