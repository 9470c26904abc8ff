import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts `api/main.ts` as its own process (PORT=0) and resolves with its base URL once it listens (and, when given,
 * once its output matches `until` too); `output()` is everything it has printed so far.
 */
export function startProcess(
  env: NodeJS.ProcessEnv,
  until?: RegExp,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', APP_DIR: '/nonexistent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 45_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match && (!until || until.test(out))) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
