// The server itself, loaded by main.ts once the process runs with its memory settings.
import * as build from 'virtual:react-router/server-build';
import { EnvError } from '~/services/env.server';
import { start } from './start';

start({ build, mode: 'production' }).catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
