// Imported first by serve.mjs: turns off V8's allocation-site pretenuring in server processes.
// Under load V8 sees a request's short-lived objects (query builders, request contexts) survive
// a scavenge while requests wait, decides their allocation sites are long-lived, and from then
// on allocates them straight in the old generation: 12–13 MB/s of garbage at 200 messages/s
// that only a full mark-compact frees, with its concurrent marking taking the second core.
// Without pretenuring they die young (≈4 MB/s reach the old generation) and no full collection
// falls inside bench:chat's measured 10 s; see docs/architecture.md §3 Server process settings.
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
