import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { DEFAULT_SSE_KEEP_ALIVE_MS } from '@modelcontextprotocol/sdk/server/sseKeepAlive.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** What the route sends: a JSON body (or none, for 202), or an SSE stream that ends after the last response. */
export type HttpAnswer =
  | { status: number; headers: Record<string, string>; body: string | undefined }
  | { status: 200; headers: Record<string, string>; body: PassThrough };

const jsonHeaders = { 'Content-Type': 'application/json' };
const sseHeaders = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

const jsonError = (status: number, code: number, message: string): HttpAnswer => ({
  status,
  headers: jsonHeaders,
  body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }),
});

// Type guards without the SDK's own (each a schema parse, and a thrown-and-caught failure for every other kind).
// JSONRPCMessageSchema's members are strict objects, so a message that passed it, or one the SDK's Server sends, is a
// request when it has a method and an id, a notification when it has a method only, and a response otherwise.
const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => 'method' in m && 'id' in m;
const isResponse = (m: JSONRPCMessage) => !('method' in m);
/** InitializeRequestSchema's parse, only for messages that name the method. */
const isInitialize = (m: JSONRPCMessage) => 'method' in m && m.method === 'initialize' && isInitializeRequest(m);

/** Results serialized once, for answers that are the same object every time (a server's tool list). */
const serializedResults = new WeakMap<object, string>();

/** Serializes `result` now and freezes it; a response carrying this very object is then written from that text. */
export function serializedOnce<T extends object>(result: T): T {
  serializedResults.set(result, JSON.stringify(result));
  return Object.freeze(result);
}

function serialize(message: JSONRPCMessage): string {
  const result = 'result' in message ? message.result : undefined;
  const json = result && serializedResults.get(result);
  if (!json) return JSON.stringify(message);
  return `{"result":${json},"jsonrpc":"2.0","id":${JSON.stringify((message as { id: RequestId }).id)}}`;
}

const sseEvent = (message: JSONRPCMessage) => `event: message\ndata: ${serialize(message)}\n\n`;

/**
 * MCP Streamable HTTP for one stateless POST (decision 0156): the checks of the SDK's
 * `WebStandardStreamableHTTPServerTransport` in its stateless mode (Accept must name JSON and SSE: 406; at most
 * MAX_BATCH_SIZE messages; each a JSON-RPC message: 400 -32700; one initialize alone; a known Mcp-Protocol-Version
 * after initialize; only notifications or responses: 202), answered on Node's own response instead of a web
 * `Response`. One JSON body once every request has its response. A tool call still running at the first keep-alive
 * tick (15 s), or one that sends a notification, turns the answer into an SSE stream at once, with a keep-alive
 * comment every tick until it ends (0156, 0170).
 */
export class StatelessPostTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  /** The requests of this POST, each with its response once the server has sent it. */
  private readonly pending = new Map<RequestId, JSONRPCMessage | null>();
  private answered = 0;
  /** SSE events not yet sent: they wait for a stream to open (a notification, a keep-alive tick), or are dropped. */
  private events = '';
  private stream: PassThrough | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private finish: ((answer: HttpAnswer) => void) | null = null;
  private closed = false;

  /**
   * `sse`: the answer may become an event stream (tool calls: a notification or a keep-alive tick opens it);
   * `keepAliveMs`: its comment interval (tests shorten it).
   */
  constructor(private readonly options: { sse: boolean; keepAliveMs?: number }) {}

  async start(): Promise<void> {}

  /** Checks `body` (already parsed and inside the JSON limits) and hands its messages to the server. */
  async handle(body: unknown, headers: IncomingHttpHeaders, authInfo: AuthInfo): Promise<HttpAnswer> {
    const accept = headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
      return jsonError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    const raw = Array.isArray(body) ? body : [body];
    if (raw.length > MAX_BATCH_SIZE)
      return jsonError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    const messages: JSONRPCMessage[] = [];
    for (const m of raw) {
      const parsed = JSONRPCMessageSchema.safeParse(m);
      if (!parsed.success) return jsonError(400, -32700, 'Parse error: Invalid JSON-RPC message');
      messages.push(parsed.data);
    }
    if (messages.some(isInitialize)) {
      if (messages.length > 1) return jsonError(400, -32600, 'Invalid Request: Only one initialization request is allowed');
    } else {
      const version = headers['mcp-protocol-version'];
      if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version)))
        return jsonError(
          400,
          -32000,
          `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        );
    }
    const extra: MessageExtraInfo = { authInfo, requestInfo: { headers } };
    if (!messages.some(isRequest)) {
      for (const m of messages) this.onmessage?.(m, extra);
      return { status: 202, headers: {}, body: undefined };
    }
    for (const m of messages) if (isRequest(m)) this.pending.set(m.id, null);
    const answer = new Promise<HttpAnswer>((resolve) => (this.finish = resolve));
    for (const m of messages) this.onmessage?.(m, extra);
    if (this.options.sse && this.finish) {
      this.keepAlive = setInterval(
        () => this.emit(': keepalive\n\n', true),
        this.options.keepAliveMs ?? DEFAULT_SSE_KEEP_ALIVE_MS,
      );
      this.keepAlive.unref();
    }
    return answer;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const response = isResponse(message);
    const requestId = response ? (message as { id?: RequestId }).id : options?.relatedRequestId;
    // Stateless: no standalone stream, so a message unrelated to a request of this POST has nowhere to go.
    if (requestId === undefined || this.pending.get(requestId) !== null) return;
    // A notification (progress, say) is worth sending now; a response waits for the others.
    if (this.options.sse) this.emit(sseEvent(message), !response);
    if (!response) return;
    this.pending.set(requestId, message);
    if (++this.answered < this.pending.size) return;
    this.stopKeepAlive();
    if (this.stream) {
      this.stream.end();
      this.stream = null;
    } else {
      // Every request has its response by now, and nothing opened a stream: one JSON body (0170), which the MCP
      // transport allows whatever the client accepts, and which a client reads with far less work than events.
      const responses = [...this.pending.values()] as JSONRPCMessage[];
      this.settle({
        status: 200,
        headers: jsonHeaders,
        body: responses.length === 1 ? serialize(responses[0]!) : `[${responses.map(serialize).join(',')}]`,
      });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopKeepAlive();
    this.stream?.end();
    this.stream = null;
    this.settle({ status: 499, headers: {}, body: undefined });
    this.onclose?.();
  }

  /** Writes SSE text to the stream, or holds it; `now` opens the stream (its answer) if it is not open yet. */
  private emit(text: string, now: boolean): void {
    if (this.stream) {
      this.stream.write(text);
      return;
    }
    this.events += text;
    if (!now || !this.finish) return;
    this.stream = new PassThrough();
    this.stream.write(this.events);
    this.events = '';
    this.settle({ status: 200, headers: sseHeaders, body: this.stream });
  }

  private settle(answer: HttpAnswer): void {
    this.finish?.(answer);
    this.finish = null;
  }

  private stopKeepAlive(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = null;
  }
}
