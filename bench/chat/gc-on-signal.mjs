// Preloaded into bench:chat's server processes (with --expose-gc): SIGUSR2 runs a full
// garbage collection, so RSS samples compare live memory rather than collector timing.
process.on('SIGUSR2', () => globalThis.gc?.());
