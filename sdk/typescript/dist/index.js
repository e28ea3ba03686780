export { Switchboard } from './client.js';
export * from './errors.js';
export { OPERATIONS } from './generated/operations.js';
