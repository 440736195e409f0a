/**
 * Request counts and latencies by route template and method, kept in plain typed arrays and
 * rendered as Prometheus text on scrape. prom-client's own histogram builds a label object and a
 * hash string on every observation; this runs on every request, so once a route has been seen
 * recording one allocates nothing (two map lookups, a bucket search, a few additions).
 *
 * Label values stay bounded: routes are the router's templates (`/api/forms/:id`, never an id)
 * plus two catch-alls, and methods are the few Node's HTTP parser accepts.
 */

/** Upper bounds in seconds: from a cached read (a few ms) to a slow upload (10 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Routes the router did not match: API paths (typos, scanners) and everything else (the SPA, its assets). */
export const UNMATCHED_API_ROUTE = '/api/*';
export const UNMATCHED_OTHER_ROUTE = '/*';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

class Series {
  /** Per bucket (not cumulative; summed when rendered), the last slot counts what exceeds every bound. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length + 1);
  /** Responses per status class, 1xx to 5xx. */
  readonly statuses = new Float64Array(STATUS_CLASSES.length);
  sum = 0;
  count = 0;

  observe(status: number, seconds: number): void {
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] ?? 0)) bucket += 1;
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    const statusClass = Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1;
    this.statuses[statusClass] = (this.statuses[statusClass] ?? 0) + 1;
    this.sum += seconds;
    this.count += 1;
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export class RequestStats {
  private readonly routes = new Map<string, Map<string, Series>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.routes.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (!series) {
      series = new Series();
      byMethod.set(method, series);
    }
    series.observe(status, seconds);
  }

  /** Prometheus text exposition of the three request metrics. */
  render(): string {
    const requests = [
      '# HELP formscribe_http_requests_total HTTP requests answered, by route template, method and status class.',
      '# TYPE formscribe_http_requests_total counter',
    ];
    const errors = [
      '# HELP formscribe_http_request_errors_total HTTP requests answered with a server error (5xx), by route template and method.',
      '# TYPE formscribe_http_request_errors_total counter',
    ];
    const latency = [
      '# HELP formscribe_http_request_duration_seconds Time from a request arriving to its answer being ready, by route template and method.',
      '# TYPE formscribe_http_request_duration_seconds histogram',
    ];
    for (const [route, byMethod] of this.routes) {
      for (const [method, series] of byMethod) {
        const labels = `route="${escapeLabel(route)}",method="${escapeLabel(method)}"`;
        STATUS_CLASSES.forEach((statusClass, index) => {
          const count = series.statuses[index] ?? 0;
          if (count > 0) requests.push(`formscribe_http_requests_total{${labels},status="${statusClass}"} ${count}`);
        });
        errors.push(`formscribe_http_request_errors_total{${labels}} ${series.statuses[4] ?? 0}`);
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((bound, index) => {
          cumulative += series.buckets[index] ?? 0;
          latency.push(`formscribe_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
        });
        latency.push(`formscribe_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
        latency.push(`formscribe_http_request_duration_seconds_sum{${labels}} ${series.sum}`);
        latency.push(`formscribe_http_request_duration_seconds_count{${labels}} ${series.count}`);
      }
    }
    return `${[...requests, '', ...errors, '', ...latency].join('\n')}\n`;
  }
}
