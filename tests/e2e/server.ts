import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Serves an existing build (`<distDir>/server/entry.mjs`) on `port` with its own
 * data folder; `stop()` ends it and waits for the port to be free.
 */
export async function serveBuild(distDir: string, port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [`${distDir}/server/entry.mjs`], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`http://localhost:${port}/build-id.json`, child, 60_000);
  return {
    url: `http://localhost:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
