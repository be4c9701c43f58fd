/** A count in words: "1 rating", "12,345 ratings", the thousands grouped as the site writes its numbers (en-GB). */
export function counted(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}
