// Preloaded into bench:decode-bombs' server (with --expose-gc). On SIGUSR2 it prints the event
// loop's delay since the last signal as one `probe {...}` line on stdout (ms), starts a new
// histogram and runs a full garbage collection, so RSS samples compare live memory.
import { monitorEventLoopDelay } from 'node:perf_hooks';

let histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  histogram.disable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const delay = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
  process.stdout.write(`probe ${JSON.stringify(delay)}\n`);
  histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  globalThis.gc?.();
});
