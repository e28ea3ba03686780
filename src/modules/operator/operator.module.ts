import { defineModule, type Platform } from '../../platform/module.js';
import { OperatorAuth } from './operator.auth.js';
import { operatorRoutes } from './operator.routes.js';

/** The operator API (tenants, plans), authenticated by the operator token. */
export const operatorModule = defineModule<Pick<Platform, 'config' | 'orm'>>()({
  name: 'operator',
  build: ({ config, orm }) => ({ operator: new OperatorAuth(orm, config.operatorToken) }),
  routes: [operatorRoutes],
});
