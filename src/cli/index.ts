#!/usr/bin/env node
// The `switchboard` command. The module-loading shortcut is registered before anything loads the service (0153),
// so every command, `serve` and the processes it starts (cluster workers, the first start's migration) load faster.
import { fileURLToPath } from 'node:url';
import { registerLoadingShortcuts } from '../platform/module-loading.js';

registerLoadingShortcuts();
const { runCli } = await import('./commands.js');
runCli(process.argv.slice(2), fileURLToPath(import.meta.url));
