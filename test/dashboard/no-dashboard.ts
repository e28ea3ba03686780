import os from 'node:os';
import path from 'node:path';

/**
 * A dashboard folder that does not exist: the review pages' own tests run without a built dashboard, so that
 * `/approvals/<id>` answers with the server-rendered page (the fallback) whether or not `npm run build` ran (0137).
 */
export const NO_DASHBOARD = path.join(os.tmpdir(), `switchboard-no-dashboard-${process.pid}`);
