import type { AppProcess } from './app-process';

/** A server's /metrics, read with the bearer token its METRICS_TOKEN names. */
export function scrapeMetrics(app: Pick<AppProcess, 'fetch'>, token: string): Promise<Response> {
  return app.fetch('/metrics', { headers: { Authorization: `Bearer ${token}` } });
}

/** The value of one sample (`name{labels}` exactly as exposed), 0 when it is not there yet. */
export async function metricSample(app: Pick<AppProcess, 'fetch'>, token: string, series: string): Promise<number> {
  const text = await (await scrapeMetrics(app, token)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
