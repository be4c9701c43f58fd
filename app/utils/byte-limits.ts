/** "10MB", "1.5MB", "500KB": the limit as docs/product.md §5 words it. */
export function formatByteLimit(bytes: number): string {
  const units = [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10}${unit}`;
  }
  return `${bytes} bytes`;
}

/** The refusal of a file over `maxBytes`, the same in the browser and from the server (product §5). */
export const fileTooLargeMessage = (maxBytes: number) => `File size must be less than ${formatByteLimit(maxBytes)}`;
