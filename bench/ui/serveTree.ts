/**
 * Child process of bench/ui.ts: the API server of a source tree (this one, or an older commit's copy) serving a built
 * app, on a temporary SQLite data dir and a free port. Prints `{"url": ...}` once listening; SIGTERM, or the end of its
 * stdin (the bench gone), closes it.
 * Usage: node --import tsx bench/ui/serveTree.ts <tree> <appDir> <dataDir>
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tree, appDir, dataDir] = process.argv.slice(2);
type Server = { listen: (o: { port: number; host: string }) => Promise<string>; close: () => Promise<void> };
const { buildServer } = (await import(pathToFileURL(join(tree, 'api/server.ts')).href)) as {
  buildServer: (o: { dataDir: string; appDir: string; logLevel: string }) => Promise<Server>;
};
const app = await buildServer({ dataDir, appDir, logLevel: 'warn' });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url })}\n`);
const stop = (): void => {
  void app.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
// The bench holds this pipe open: when it ends (the bench was stopped or killed), so does this server.
process.stdin.on('close', stop);
process.stdin.resume();
