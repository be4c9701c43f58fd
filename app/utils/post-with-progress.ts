export type PostResult = { ok: boolean; status: number; body: unknown };

/**
 * POSTs `body` with XMLHttpRequest, the one browser API that reports upload
 * progress; `onProgress` gets whole percents. Resolves with the parsed JSON
 * answer (null when it is not JSON); rejects only when the network fails.
 */
export function postWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () =>
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, body: request.response as unknown }),
    );
    request.addEventListener('error', () => reject(new Error('The network failed')));
    request.addEventListener('abort', () => reject(new Error('The upload was cancelled')));
    request.send(body);
  });
}

/** The `message` of an API error answer, or `fallback`. */
export function errorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return fallback;
}
