import { useCallback, useSyncExternalStore } from 'react';

function fieldValue(id: string): string | undefined {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : undefined;
}

/**
 * The text in the field with this `id`, for a counter or a button that follows
 * it. Read from the field itself: the page's scripts load after it
 * (scripts-after-load.ts), so a visitor may have typed before they ran, and what
 * they typed counts once the page is hydrated. Until then it is `initial`, what
 * the server drew, so the hydrating render matches the server's HTML.
 */
export function useTypedValue(id: string, initial: string): string {
  const subscribe = useCallback(
    (changed: () => void) => {
      const onInput = (event: Event) => {
        if (event.target instanceof Element && event.target.id === id) changed();
      };
      // A form's reset event comes before its fields go back to their first values.
      const onReset = () => setTimeout(changed);
      document.addEventListener('input', onInput);
      document.addEventListener('reset', onReset);
      return () => {
        document.removeEventListener('input', onInput);
        document.removeEventListener('reset', onReset);
      };
    },
    [id],
  );
  return useSyncExternalStore(
    subscribe,
    () => fieldValue(id) ?? initial,
    () => initial,
  );
}
