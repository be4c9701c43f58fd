import { describe, expect, it } from 'vitest';
import { metricSample, scrapeMetrics } from '#tests/support/metrics';
import { sharedStack } from '#tests/support/stack';

const TOKEN = 'scrape-token-0123456789abcdef';
const stack = sharedStack({ METRICS_TOKEN: TOKEN, LOG_FORMAT: 'json' });

const scrape = () => scrapeMetrics(stack.app, TOKEN);
const sample = (series: string) => metricSample(stack.app, TOKEN, series);

describe('/metrics with METRICS_TOKEN set', () => {
  it('is refused without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await stack.app.fetch('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('rigroast_');
    }
  });

  it('serves the Prometheus text format to the token, never stored by a cache', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'rigroast_line_tasks',
      'rigroast_litefs_role',
      'rigroast_sqlite_write_seconds',
    ])
      expect(text, name).toContain(`\n${name}`);
    expect(text).toContain('rigroast_line_tasks{line="pages",state="running"}');
    expect(text).toContain('rigroast_litefs_role{role="primary"} 1');
    // The test server roasts with the built-in roaster.
    expect(text).toContain('rigroast_roaster_state{state="builtin"} 1');
    expect(text).toContain('rigroast_roaster_state{state="ready"} 0');
  });

  it('counts requests by route pattern and status, and the page cache hits', async () => {
    const gallery = 'rigroast_http_requests_total{method="GET",route="/gallery",status="200"}';
    const missing = 'rigroast_http_requests_total{method="GET",route="/build/:id",status="404"}';
    const hits = 'rigroast_page_cache_lookups_total{store="everyone",result="hit"}';
    const [galleryBefore, missingBefore, hitsBefore] = [await sample(gallery), await sample(missing), await sample(hits)];
    const visitor = stack.browser();
    // The recurring jobs queued at start write for a while, and a write ends every kept page: visit
    // until the page comes from the cache, and count the hits the responses themselves say.
    let visits = 0;
    let hitsSeen = 0;
    await expect
      .poll(async () => {
        const response = await visitor.request('/gallery');
        expect(response.status).toBe(200);
        visits++;
        if (response.headers.get('x-page-cache') === 'hit') hitsSeen++;
        return hitsSeen;
      })
      .toBeGreaterThan(0);
    // Each a different path, one label: what a client puts in a path never makes a series of its own.
    for (const id of [999_001, 999_002, 999_003]) expect((await visitor.request(`/build/${id}`)).status).toBe(404);
    expect(await sample(gallery)).toBe(galleryBefore + visits);
    expect(await sample(missing)).toBe(missingBefore + 3);
    expect(await sample(hits)).toBe(hitsBefore + hitsSeen);
    const text = await (await scrape()).text();
    expect(text).not.toContain('999001');
    expect(text).toContain('rigroast_http_request_duration_seconds_count{method="GET",route="/gallery"}');
  });

  it('counts the mail sent and the jobs run, and names the request on every JSON log line it causes', async () => {
    const sent = 'rigroast_mail_total{result="sent"}';
    const before = await sample(sent);
    const visitor = stack.browser();
    const response = await visitor.submit('/auth', { intent: 'request-code', email: 'metrics@example.com', tab: 'login', redirectTo: '' });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    await stack.mail.waitForMail('metrics@example.com');
    await expect.poll(() => sample(sent)).toBe(before + 1);

    const lines = stack.app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { time: string; level: string; msg: string; requestId?: string });
    const mailLine = lines.find((line) => line.msg.startsWith('Mail to metrics@example.com accepted'));
    expect(mailLine).toMatchObject({ level: 'info', requestId });
    expect(new Date(mailLine!.time).getTime()).not.toBeNaN();
    // The housekeeping the primary queues at start has run, and is counted.
    expect(await (await scrape()).text()).toMatch(/rigroast_job_duration_seconds_count\{type="[a-z-]+",outcome="done"\} [1-9]/);
  });

  it('does not take a request id from the client', async () => {
    const response = await stack.app.fetch('/healthz', { headers: { 'X-Request-Id': 'forged-by-the-client' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});
