import { Readable } from 'node:stream';

/** A streamed file as a download that no cache keeps (a member's own data). */
export function downloadResponse({ fileName, stream, contentType }: { fileName: string; stream: Readable; contentType: string }): Response {
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
