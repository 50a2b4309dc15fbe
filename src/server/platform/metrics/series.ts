/**
 * Event-driven series of the application (docs/architecture.md §5 Metrics): open event streams,
 * chat messages sent, and the process's default metrics (CPU, memory, event-loop lag, handles).
 * Scrape-time series live in database-gauges.ts, job-metrics.ts and db-pool.ts; the HTTP request
 * series are recorded by the production server (scripts/metrics-http.mjs).
 */
import client from 'prom-client';
import { counter, gauge, register } from './define';

/** Member event streams (`/api/events.php`) open in this process. */
export const openEventStreams = gauge('amora_event_streams_open', 'Member event streams open now.');

/** Chat messages stored (text or GIF; docs/product.md §7). */
export const chatMessagesSent = counter('amora_chat_messages_sent_total', 'Chat messages sent by members.');

// Process metrics, registered once per process.
if (!register.getSingleMetric('process_cpu_seconds_total')) client.collectDefaultMetrics();
