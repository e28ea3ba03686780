import { ActionError, ActionInputError, defineAction, defineIntegration, Property, type ActionContext } from '../../framework.js';
import { FilePathError, MAX_FILE_BYTES, type ScopedFiles } from '../../state/file-store.js';

const pathProp = () => Property.ShortText({ displayName: 'Path', required: true, description: 'e.g. reports/2024/summary.txt' });

function filesOf(ctx: ActionContext): ScopedFiles {
  if (!ctx.files) throw new ActionError('Storage needs a persistence scope (settings.persistence).');
  return ctx.files;
}

/** Path problems are the caller's input errors, named by field. */
async function onPath<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof FilePathError) throw new ActionInputError('path', err.message);
    throw err;
  }
}

/** type/subtype with optional parameters, printable ASCII only (it is sent back as a header). */
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]{0,200})?$/;
const isText = (contentType: string) => /^text\/|[/+](json|xml|javascript|csv|yaml)\b/i.test(contentType);
const fileShape = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    size: { type: 'number' },
    contentType: { type: 'string' },
    sha256: { type: 'string' },
    updatedAt: { type: 'string' },
  },
};
const describe = (f: { path: string; size: number; contentType: string; sha256: string; updatedAt: string }) => ({
  path: f.path,
  size: f.size,
  contentType: f.contentType,
  sha256: f.sha256,
  updatedAt: f.updatedAt,
});

export const storage = defineIntegration({
  name: 'storage',
  displayName: 'Storage',
  description:
    'Files kept per persistence scope (end_user by default, workspace, or external), with expiring signed download links served by Switchboard.',
  logoUrl: '/static/integrations/storage.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [
    defineAction({
      name: 'write_file',
      displayName: 'Write a file',
      description: `Create or replace a file (up to ${MAX_FILE_BYTES / 1024 / 1024} MB). content is UTF-8 text, or base64 with contentEncoding base64.`,
      props: {
        path: pathProp(),
        content: Property.LongText({ displayName: 'Content', required: true }),
        contentType: Property.ShortText({ displayName: 'Content type', defaultValue: 'text/plain; charset=utf-8' }),
        contentEncoding: Property.StaticDropdown({
          displayName: 'Content encoding',
          defaultValue: 'utf8',
          options: [
            { label: 'UTF-8 text', value: 'utf8' },
            { label: 'Base64', value: 'base64' },
          ],
        }),
      },
      outputSchema: fileShape,
      run: async (ctx) => {
        const p = ctx.propsValue;
        const content = p.content;
        if (p.contentEncoding === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(content.replace(/\s+/g, ''))) {
          throw new ActionInputError('content', 'is not valid base64');
        }
        const contentType = (p.contentType || 'application/octet-stream').trim();
        if (!CONTENT_TYPE.test(contentType))
          throw new ActionInputError('contentType', 'must be a media type such as text/csv or application/pdf');
        const data = Buffer.from(content, p.contentEncoding === 'base64' ? 'base64' : 'utf8');
        if (data.length > MAX_FILE_BYTES) throw new ActionInputError('content', `must be at most ${MAX_FILE_BYTES} bytes`);
        return describe(await onPath(() => filesOf(ctx).write(p.path, data, contentType)));
      },
    }),
    defineAction({
      name: 'read_file',
      displayName: 'Read a file',
      description: 'Read a file; text types come back as UTF-8 and others as base64 unless outputEncoding says otherwise.',
      props: {
        path: pathProp(),
        outputEncoding: Property.StaticDropdown({
          displayName: 'Output encoding',
          options: [
            { label: 'UTF-8 text', value: 'utf8' },
            { label: 'Base64', value: 'base64' },
          ],
        }),
      },
      outputSchema: {
        type: 'object',
        properties: { ...fileShape.properties, content: { type: 'string' }, contentEncoding: { type: 'string' } },
      },
      run: async (ctx) => {
        const p = ctx.propsValue;
        const found = await onPath(() => filesOf(ctx).read(p.path));
        if (!found) throw new ActionError(`No file at ${String(p.path)}.`);
        const encoding = p.outputEncoding ?? (isText(found.file.contentType) ? 'utf8' : 'base64');
        return { ...describe(found.file), content: found.data.toString(encoding), contentEncoding: encoding };
      },
    }),
    defineAction({
      name: 'delete_file',
      displayName: 'Delete a file',
      description: 'Delete a file; deleted is false when there was none.',
      props: { path: pathProp() },
      outputSchema: { type: 'object', properties: { path: { type: 'string' }, deleted: { type: 'boolean' } } },
      run: async (ctx) => ({
        path: ctx.propsValue.path,
        deleted: await onPath(() => filesOf(ctx).delete(ctx.propsValue.path)),
      }),
    }),
    defineAction({
      name: 'list_files',
      displayName: 'List files',
      description: 'List files whose path starts with prefix (all when empty), by path, at most 1000.',
      props: { prefix: Property.ShortText({ displayName: 'Prefix' }) },
      outputSchema: { type: 'object', properties: { files: { type: 'array', items: fileShape }, count: { type: 'number' } } },
      run: async (ctx) => {
        const files = (await filesOf(ctx).list(ctx.propsValue.prefix ?? '')).map(describe);
        return { files, count: files.length };
      },
    }),
    defineAction({
      name: 'get_download_url',
      displayName: 'Get a download link',
      description: 'A signed link to download the file without an API key, valid 60 to 3600 seconds.',
      props: {
        path: pathProp(),
        expiresInSeconds: Property.Number({
          displayName: 'Expires in (seconds)',
          defaultValue: 900,
          min: 60,
          max: 3600,
          integer: true,
        }),
      },
      outputSchema: {
        type: 'object',
        properties: { url: { type: 'string' }, expiresAt: { type: 'string' }, path: { type: 'string' } },
      },
      run: async (ctx) => {
        const files = filesOf(ctx);
        const file = await onPath(() => files.find(ctx.propsValue.path));
        if (!file) throw new ActionError(`No file at ${String(ctx.propsValue.path)}.`);
        // expiresInSeconds is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
        return { path: file.path, ...files.downloadUrl(file, ctx.propsValue.expiresInSeconds as number) };
      },
    }),
  ],
});
