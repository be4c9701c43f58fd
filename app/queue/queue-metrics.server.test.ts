import { describe, expect, it, vi } from 'vitest';
import { db } from '~/services/db.server';
import { metrics } from '~/services/metrics.server';
import { enqueueJob } from './enqueue.server';
import { registerQueueMetrics } from './queue-metrics.server';

describe('the queue gauges', () => {
  it('read the queue once per scrape, and both tell the same reading', async () => {
    const now = Date.now();
    enqueueJob(db(), { type: 'roast', key: 'roast:1' }, new Date(now - 90_000));
    enqueueJob(db(), { type: 'roast', key: 'roast:2' }, new Date(now + 60_000));
    registerQueueMetrics();
    const prepare = vi.spyOn(db().$client, 'prepare');
    const queueReads = () => prepare.mock.calls.filter(([source]) => /from "jobs"/.test(source)).length;

    const text = await metrics.metrics();
    expect(queueReads()).toBe(1);
    expect(text).toContain('rigroast_jobs{type="roast",state="due"} 1');
    expect(text).toContain('rigroast_jobs{type="roast",state="later"} 1');
    const oldest = Number(/rigroast_jobs_oldest_due_seconds\{type="roast"\} ([\d.]+)/.exec(text)?.[1]);
    expect(oldest).toBeGreaterThanOrEqual(90);

    await metrics.metrics();
    expect(queueReads()).toBe(2);
  });
});
