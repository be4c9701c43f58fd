import { buffer } from 'node:stream/consumers';
import { fromBuffer } from 'yauzl';

/** Every file of a ZIP archive by name, read with a real unzipper (so a broken archive fails). */
export function readZip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: { fileName: string }) => {
        zip.openReadStream(entry as Parameters<typeof zip.openReadStream>[0], (opened, stream) => {
          if (opened) return reject(opened);
          buffer(stream).then((content) => {
            files.set(entry.fileName, content);
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}
