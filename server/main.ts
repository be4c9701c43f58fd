// The production entry: build/server/index.js. It settles the process's memory
// settings first (which may start the process afresh), and only then loads the
// server and its React Router build, so a restart costs Node's start-up alone.
import { relaunchWithMemorySettings } from './memory-settings';

relaunchWithMemorySettings();
await import('./production');
