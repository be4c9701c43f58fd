import { type RoastQueue, roastQueueText } from '~/domain/roast-queue';

/** The owner's place in the line of roasts being written, read again with the waiting view (its poll, or its refresh without JavaScript). */
export function RoastQueueNote({ queue }: { queue: RoastQueue }) {
  return (
    <p className="mt-3 text-sm font-semibold text-neon-cyan" role="status">
      {roastQueueText(queue)}
    </p>
  );
}
