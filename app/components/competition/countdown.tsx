import { useEffect, useState } from 'react';
import { useHydrated } from '~/components/use-hydrated';
import { countdownText, shortDateTime } from '~/utils/dates';

/**
 * Time left until a competition closes: the closing date and time as the server
 * writes it (all a page without JavaScript shows), ticking every second once
 * JavaScript runs. Screen readers are not told every tick: the label says what it counts.
 */
export function Countdown({ endDate }: { endDate: Date }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = endDate.getTime() - now;
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-xs font-bold uppercase tracking-widest text-muted">Voting closes</span>
      <time
        dateTime={endDate.toISOString()}
        className="text-2xl font-black text-neon-lime tabular-nums"
        data-countdown={hydrated ? 'ticking' : undefined}
      >
        {hydrated ? (left > 0 ? `${countdownText(left)} left` : 'Closed') : shortDateTime(endDate)}
      </time>
      {hydrated ? <span className="text-sm text-muted">({shortDateTime(endDate)})</span> : null}
    </p>
  );
}
