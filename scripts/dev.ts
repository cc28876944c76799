// `npm run dev`: the dashboard server (restarting on change) on 8080 and Vite with hot reload on
// 5173 in front of it. Open http://127.0.0.1:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: process.env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
