/**
 * Administrator commands on accounts, on the server's own data (DATA_DIR or DATABASE_URL, like `npm start`):
 *   npm run user -- grant-broker EMAIL [--name "Full Name"]
 *   npm run user -- revoke-broker EMAIL
 *   npm run user -- list-brokers
 *   npm run user -- make-admin EMAIL
 * Exit codes: 0 done (or nothing to change), 1 refused (the message says why), 2 wrong usage.
 */
import { userInfo } from 'node:os';
import { grantBroker, listBrokers, revokeBroker, type CommandResult } from '../api/admin/brokerGrants.ts';
import { makeAdmin } from '../api/admin/accountStatus.ts';
import { createDataLayer } from '../api/db/createDataLayer.ts';
import { migrateToLatest } from '../api/db/migrateToLatest.ts';
import { loadConfig } from '../api/loadConfig.ts';

const USAGE = `Usage:
  npm run user -- grant-broker EMAIL [--name "Full Name"]   make the account with EMAIL a broker
  npm run user -- revoke-broker EMAIL                       take it back
  npm run user -- list-brokers                              the brokers list and who is granted
  npm run user -- make-admin EMAIL                          let the account with EMAIL use the Admin page`;

function operator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const nameAt = rest.indexOf('--name');
  const name = nameAt >= 0 ? rest[nameAt + 1] : undefined;
  const args = nameAt >= 0 ? rest.filter((_, i) => i !== nameAt && i !== nameAt + 1) : rest;
  const needsEmail = command === 'grant-broker' || command === 'revoke-broker' || command === 'make-admin';
  if (
    !command ||
    (needsEmail ? args.length !== 1 || !args[0].includes('@') : command !== 'list-brokers' || args.length) ||
    (nameAt >= 0 && (!name || command !== 'grant-broker'))
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const layer = await createDataLayer({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(layer);
    let result: CommandResult;
    if (command === 'grant-broker') result = await grantBroker(layer.db, args[0], { by: operator(), name });
    else if (command === 'revoke-broker') result = await revokeBroker(layer.db, args[0], { by: operator() });
    else if (command === 'make-admin') result = await makeAdmin(layer.db, args[0], operator());
    else result = await listBrokers(layer.db);
    (result.code === 0 ? console.log : console.error)(result.message);
    return result.code;
  } finally {
    await layer.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
