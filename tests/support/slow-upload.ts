import { connect } from 'node:net';

export type SlowUpload = {
  /** The status the server answered with, once it did; rejects if the connection ends unanswered. */
  answer: Promise<{ status: number; ms: number }>;
  /** Stops sending and closes the connection. */
  stop: () => void;
};

/**
 * An upload that declares `declared` bytes of multipart/form-data to `path`
 * and then trickles them, `bytesPerTick` every `tickMs`, from the address
 * `address` (sent as X-Forwarded-For, for a server that trusts its proxy): a
 * slow client, or a hostile one keeping the server's reading places.
 */
export function slowUpload(
  origin: string,
  { path = '/api/uploads/temp', address, declared = 10 * 1024 * 1024, bytesPerTick = 1024, tickMs = 100 }: SlowUploadOptions,
): SlowUpload {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  const started = performance.now();
  const boundary = '----RigRoastSlow';
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Origin: ${origin}`,
      `X-Forwarded-For: ${address}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${declared}`,
      '',
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="rig.png"\r\nContent-Type: image/png\r\n\r\n`,
    ].join('\r\n'),
  );
  const tick = Buffer.alloc(bytesPerTick, 'a');
  const timer = setInterval(() => socket.write(tick), tickMs);
  const stop = () => {
    clearInterval(timer);
    socket.destroy();
  };
  const answer = new Promise<{ status: number; ms: number }>((resolve, reject) => {
    let head = '';
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      head += text;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (!status) return;
      stop();
      resolve({ status: Number(status[1]), ms: performance.now() - started });
    });
    // Writes after the server has closed its side fail; what matters is whether an answer came.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      reject(new Error(`the connection from ${address} closed without an answer`));
    });
  });
  // Settled on its own when nobody waits for it (a test that failed earlier).
  answer.catch(() => {});
  return { answer, stop };
}

export type SlowUploadOptions = { path?: string; address: string; declared?: number; bytesPerTick?: number; tickMs?: number };
