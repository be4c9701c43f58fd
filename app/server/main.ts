// The production entry: build/server/index.js. It embeds the React Router build.
import * as build from 'virtual:react-router/server-build';
import { EnvError } from '~/services/env.server';
import { start } from './start';

start({ build, mode: 'production' }).catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
