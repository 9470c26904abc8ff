import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from './types.ts';

/**
 * Reads the server's settings from the environment.
 * @param env - usually process.env
 * @returns - PORT (3000), HOST (127.0.0.1: this machine only), DATA_DIR (./data), DATABASE_URL (postgres://… for
 *   PostgreSQL), LOG_LEVEL (info), APP_DIR (dist/app when built), MAX_CONNECTIONS (1000), DEMO (`0`: no demo
 *   account or sample data on an empty database), REDIS_URL (redis://… to share token revocations and throttling
 *   counters between instances), S3_BUCKET with S3_PREFIX, S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE,
 *   DRAIN_MS (0), METRICS=1 with METRICS_HOST (127.0.0.1) and METRICS_PORT (9464), SECRET_KEY (the key sealing SINs:
 *   64 hex digits or base64 of 32 bytes; DATA_DIR/secret.key without it).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '', 10);
  const appDir = resolve(env.APP_DIR ?? 'dist/app');
  const databaseUrl = env.DATABASE_URL?.trim();
  const redisUrl = env.REDIS_URL?.trim();
  const metricsPort = Number.parseInt(env.METRICS_PORT ?? '', 10);
  const drainMs = Number.parseInt(env.DRAIN_MS ?? '', 10);
  const maxConnections = Number.parseInt(env.MAX_CONNECTIONS ?? '', 10);
  return {
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 3000,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? databaseUrl : undefined,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    s3: env.S3_BUCKET?.trim()
      ? {
          bucket: env.S3_BUCKET.trim(),
          prefix: env.S3_PREFIX?.trim() ?? '',
          region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
          endpoint: env.S3_ENDPOINT?.trim() || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    drainMs: Number.isInteger(drainMs) && drainMs >= 0 && drainMs <= 60_000 ? drainMs : 0,
    redisUrl: redisUrl && /^rediss?:\/\//.test(redisUrl) ? redisUrl : undefined,
    metrics:
      env.METRICS === '1'
        ? {
            host: env.METRICS_HOST?.trim() || '127.0.0.1',
            port: Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort < 65536 ? metricsPort : 9464,
          }
        : undefined,
    appDir: existsSync(resolve(appDir, 'index.html')) ? appDir : undefined,
    demo: env.DEMO?.trim() !== '0',
    // Checked (and the key file made) at start, by the secrets plugin: a bad key stops the start there.
    secretKey: env.SECRET_KEY?.trim() || undefined,
    maxConnections: Number.isInteger(maxConnections) && maxConnections > 0 ? maxConnections : 1000,
  };
}
