import type { ActionCategory } from './approval-policies.schemas.js';

/**
 * What an action does, derived from its metadata: the words of its name (and display name) and, for payments,
 * its integration's categories. See docs/decisions/0061-approval-rules.md.
 */
const VERBS: Record<ActionCategory, readonly string[]> = {
  read: [
    'get',
    'list',
    'read',
    'fetch',
    'search',
    'find',
    'query',
    'retrieve',
    'lookup',
    'download',
    'view',
    'describe',
    'count',
    'status',
    'snapshot',
    'current',
    'screenshot',
    'check',
    'parse',
    'format',
    'is',
    'hash',
    'encode',
    'decode',
    'generate',
    'transform',
    'filter',
    'merge',
    'batch',
    'math',
    'wait',
    'hover',
  ],
  write: [
    'create',
    'update',
    'put',
    'write',
    'set',
    'add',
    'insert',
    'upsert',
    'edit',
    'modify',
    'patch',
    'append',
    'upload',
    'save',
    'move',
    'rename',
    'copy',
    'run',
    'execute',
    'fill',
    'type',
    'click',
    'select',
    'submit',
    'navigate',
    'drag',
    'press',
    'start',
    'end',
    'evaluate',
    'schedule',
    'assign',
    'complete',
    'close',
    'open',
    'convert',
    'mark',
  ],
  delete: [
    'delete',
    'remove',
    'destroy',
    'purge',
    'drop',
    'clear',
    'trash',
    'erase',
    'archive',
    'unsubscribe',
    'revoke',
    'cancel',
  ],
  send: [
    'send',
    'email',
    'mail',
    'message',
    'post',
    'notify',
    'reply',
    'forward',
    'publish',
    'tweet',
    'sms',
    'call',
    'broadcast',
    'dm',
    'chat',
    'invite',
  ],
  payment: [
    'pay',
    'payment',
    'payments',
    'charge',
    'refund',
    'invoice',
    'transfer',
    'payout',
    'purchase',
    'checkout',
    'billing',
    'subscription',
    'withdraw',
    'deposit',
    'order',
  ],
  share: [
    'share',
    'sharing',
    'permission',
    'permissions',
    'grant',
    'collaborator',
    'public',
    'publicly',
    'link',
    'invite',
    'url',
  ],
};

/** Integration categories (catalog metadata) that make a writing action a payment. */
const PAYMENT_INTEGRATION_CATEGORIES = ['PAYMENT_PROCESSING', 'ACCOUNTING', 'COMMERCE', 'FINANCE', 'payments', 'finance'];

/** Actions whose category the words do not tell (built-ins). */
const OVERRIDES: Record<string, ActionCategory[]> = {
  'storage.get_download_url': ['read', 'share'],
  'http.send_request': [], // decided by the request method, below
};

export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export interface CategorizedAction {
  categories: ActionCategory[];
  /** Nothing in the metadata named a category: the action is treated as a write (the cautious reading). */
  inferred: boolean;
}

export function categorizeAction(
  integration: { name: string; categories?: readonly string[] },
  action: { name: string; displayName?: string | undefined },
  input: Record<string, unknown> = {},
): CategorizedAction {
  const override = OVERRIDES[`${integration.name}.${action.name}`];
  if (integration.name === 'http' && action.name === 'send_request')
    return { categories: httpCategories(input), inferred: false };
  if (override && override.length) return { categories: [...override], inferred: false };
  const found = new Set<ActionCategory>();
  const tokens = new Set([...words(action.name), ...words(action.displayName ?? '')]);
  for (const [category, verbs] of Object.entries(VERBS) as Array<[ActionCategory, readonly string[]]>) {
    if (verbs.some((v) => tokens.has(v))) found.add(category);
  }
  const isPaymentIntegration = (integration.categories ?? []).some((c) => PAYMENT_INTEGRATION_CATEGORIES.includes(c));
  if (isPaymentIntegration && (found.has('write') || found.has('send') || found.has('payment'))) found.add('payment');
  if (found.size === 0) return { categories: ['write'], inferred: true };
  return { categories: ACTION_ORDER.filter((c) => found.has(c)), inferred: false };
}

const ACTION_ORDER: ActionCategory[] = ['read', 'write', 'delete', 'send', 'payment', 'share'];

function httpCategories(input: Record<string, unknown>): ActionCategory[] {
  const method = typeof input.method === 'string' ? input.method.toUpperCase() : 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return ['read'];
  if (method === 'DELETE') return ['delete'];
  return ['write', 'send'];
}
