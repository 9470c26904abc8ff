import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RATE_LIMITS } from './http/limitsPlugin.ts';
import { parseTrustedProxies } from './http/trustedProxies.ts';
import { SettingError } from './settingError.ts';
import type { Config, RateLimit } from './types.ts';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Reads a rate limit: `N` (requests per the default window) or `N/window`, the window in seconds, minutes or hours
 * (`30/1m`, `10/10m`, `100/90s`, `500/1h`).
 * @throws SettingError naming the variable when the value is neither
 */
export function parseRateLimit(name: string, text: string | undefined, fallback: RateLimit): RateLimit {
  const value = text?.trim();
  if (!value) return fallback;
  const match = /^([0-9]{1,7})(?:\s*\/\s*([0-9]{1,5})\s*([smh]))?$/.exec(value);
  const max = match ? Number(match[1]) : 0;
  const windowMs = match?.[2] ? Number(match[2]) * UNITS[match[3]] : fallback.windowMs;
  if (!match || max < 1 || windowMs < 1000)
    throw new SettingError(
      `${name}: "${value}" is not a limit; write requests per window, e.g. 30/1m, 10/10m or 500/1h (at least 1 request in at least 1 s)`,
    );
  return { max, windowMs };
}

/**
 * Reads the server's settings from the environment.
 * @param env - usually process.env
 * @returns - PORT (3000), HOST (127.0.0.1: this machine only), DATA_DIR (./data), DATABASE_URL (postgres://… for
 *   PostgreSQL), LOG_LEVEL (info), APP_DIR (dist/app when built), MAX_CONNECTIONS (1000), DEMO (`0`: no demo
 *   account or sample data on an empty database), REDIS_URL (redis://… to share token revocations and throttling
 *   counters between instances) with REDIS_PREFIX (insure:, the start of every key: deployments sharing one Redis
 *   each take their own), S3_BUCKET with S3_PREFIX, S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE,
 *   DRAIN_MS (0), METRICS=1 with METRICS_HOST (127.0.0.1) and METRICS_PORT (9464), SECRET_KEY (the key sealing SINs:
 *   64 hex digits or base64 of 32 bytes; DATA_DIR/secret.key without it), TRUST_PROXY (addresses and CIDR ranges of
 *   the proxies whose X-Forwarded-For gives the client's address; none), RATE_LIMIT_SIGNUP (10/10m) and
 *   RATE_LIMIT_LOGIN (30/1m) per address, MAX_CONNECTIONS_PER_ADDRESS (250; 0: no cap), SMTP_URL (smtp://… or
 *   smtps://…: mails are sent; logged without it), MAIL_FROM (Insure <no-reply@localhost>), APP_URL (the links in
 *   mails; http://localhost:PORT), SESSION_IDLE_MINUTES (60: a session without a request for this long ends).
 * @throws SettingError when TRUST_PROXY, a RATE_LIMIT_*, MAX_CONNECTIONS_PER_ADDRESS, SMTP_URL, APP_URL or SESSION_IDLE_MINUTES is
 *   malformed
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number.parseInt(env.PORT ?? '', 10);
  const appDir = resolve(env.APP_DIR ?? 'dist/app');
  const databaseUrl = env.DATABASE_URL?.trim();
  const redisUrl = env.REDIS_URL?.trim();
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl))
    throw new SettingError('SMTP_URL: write smtp://user:password@host:587 or smtps://user:password@host:465');
  const appUrl = env.APP_URL?.trim();
  if (appUrl && !/^https?:\/\/[^/]/.test(appUrl))
    throw new SettingError(`APP_URL: "${appUrl}" is not an http:// or https:// address`);
  const idleText = env.SESSION_IDLE_MINUTES?.trim() || '60';
  if (!/^[0-9]{1,6}$/.test(idleText) || Number(idleText) < 1)
    throw new SettingError(`SESSION_IDLE_MINUTES: "${idleText}" is not a number of minutes (at least 1)`);
  const metricsPort = Number.parseInt(env.METRICS_PORT ?? '', 10);
  const drainMs = Number.parseInt(env.DRAIN_MS ?? '', 10);
  const maxConnections = Number.parseInt(env.MAX_CONNECTIONS ?? '', 10);
  const perAddress = env.MAX_CONNECTIONS_PER_ADDRESS?.trim() || '250';
  if (!/^[0-9]{1,7}$/.test(perAddress))
    throw new SettingError(
      `MAX_CONNECTIONS_PER_ADDRESS: "${perAddress}" is not a number of connections (0 for no cap)`,
    );
  const listenPort = Number.isInteger(port) && port >= 0 && port < 65536 ? port : 3000;
  return {
    port: listenPort,
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
    redisPrefix: env.REDIS_PREFIX?.trim() || 'insure:',
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
    // Read (and checked) at the first complete signing, by the signing routes.
    signingCert: env.SIGNING_CERT?.trim() || undefined,
    signingKey: env.SIGNING_KEY?.trim() || undefined,
    maxConnections: Number.isInteger(maxConnections) && maxConnections > 0 ? maxConnections : 1000,
    maxConnectionsPerAddress: Number(perAddress),
    trustProxy: parseTrustedProxies(env.TRUST_PROXY),
    smtpUrl: smtpUrl || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Insure <no-reply@localhost>',
    appUrl: appUrl || `http://localhost:${listenPort}`,
    sessionIdleMs: Number(idleText) * 60_000,
    rateLimits: {
      signup: parseRateLimit('RATE_LIMIT_SIGNUP', env.RATE_LIMIT_SIGNUP, RATE_LIMITS.signup),
      login: parseRateLimit('RATE_LIMIT_LOGIN', env.RATE_LIMIT_LOGIN, RATE_LIMITS.login),
    },
  };
}
