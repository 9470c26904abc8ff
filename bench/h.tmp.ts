import { serveTree } from './ui/appVersions.ts';
const s = await serveTree('/work/wt/weight', '/work/wt/weight', '/work/wt/weight/dist/app');
console.log(s.url);
await new Promise(r => setTimeout(r, 60000));
await s.stop();
