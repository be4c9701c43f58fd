// The home page's drop zone hands the chosen photo to /upload through session
// storage (docs/product.md §2 Home), so the visitor only adds a title there.
const KEY = 'rigroast:pending-image';

type Stored = { name: string; type: string; dataUrl: string };

/** Keeps `file` for the upload page; false when the browser cannot hold it (too big, storage off). */
export async function stashImage(file: File): Promise<boolean> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ name: file.name, type: file.type, dataUrl } satisfies Stored));
    return true;
  } catch {
    return false;
  }
}

/** The stashed photo as a File, removed from storage; null when there is none. */
export function takeStashedImage(): File | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  sessionStorage.removeItem(KEY);
  const stored = JSON.parse(raw) as Stored;
  // Decoded by hand: the Content-Security-Policy does not let fetch() read data: URLs.
  const bytes = Uint8Array.from(atob(stored.dataUrl.split(',')[1] ?? ''), (char) => char.charCodeAt(0));
  return new File([bytes], stored.name, { type: stored.type });
}
