import { defineModule, type Platform } from '../platform/module.js';
import { JsSandboxPool } from './js-pool.js';

/** QuickJS runs (`code`, Code Mode) on worker threads, never on this event loop (docs/decisions/0110). */
export const sandboxModule = defineModule<Pick<Platform, 'config'>>()({
  name: 'sandbox',
  build: ({ config }) => ({ jsSandbox: new JsSandboxPool({ size: config.jsSandboxWorkers, maxQueue: config.jsSandboxQueue }) }),
  lifecycle: ({ jsSandbox }) => ({ close: () => jsSandbox.close() }),
});
